import { ErrorCodes, INVALID_PARAMETERS_MESSAGE } from '@fanspace/contracts';
import { BadRequestError, NotFoundError } from '../../platform/errors.ts';

/**
 * Who may see or do what in chats. Only participants see a chat or its messages; to anyone
 * else a chat or message id is indistinguishable from an unknown one (404), malformed ids too.
 */

export const chatNotFound = () => new NotFoundError('Chat not found', ErrorCodes.CHAT_NOT_FOUND);
export const messageNotFound = () =>
  new NotFoundError('Message not found', ErrorCodes.MESSAGE_NOT_FOUND);

/** What broken clients send when an id is missing: SPEC §5 'Invalid parameters'. */
function isMissingId(raw: string | undefined): boolean {
  const value = raw?.trim() ?? '';
  return value === '' || value === 'undefined' || value === 'null';
}

/** SPEC §5: deleting a message needs both ids, neither the text 'undefined'. */
export function assertDeleteParams(chatId: string | undefined, messageId: string | undefined) {
  if (isMissingId(chatId) || isMissingId(messageId))
    throw new BadRequestError(INVALID_PARAMETERS_MESSAGE, ErrorCodes.VALIDATION_FAILED);
}

export function canDeleteMessage(viewerId: string, message: { sender_id: string }) {
  return message.sender_id === viewerId;
}
