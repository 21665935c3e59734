import {
  ErrorCodes,
  CommerceLookupParams,
  IdParams,
  OkResponse,
  OwnerQuery,
  routeErrors,
  TaxDocument,
  TaxDocumentList,
  TaxStatementList,
  TaxStatementQuery,
  TaxYearParams,
} from '@fanspace/contracts';
import { Type } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import type { App } from '../../platform/http/app.ts';
import { BadRequestError } from '../../platform/errors.ts';
import { readMultipartForm } from '../../platform/http/multipart-form.ts';
import { currentUser } from '../graph/route-helpers.ts';
import { CommerceLimits } from './commerce.limits.ts';
import {
  deleteTaxDocument,
  getTaxDocument,
  listTaxDocuments,
  openTaxDocument,
  TAX_UPLOAD,
  uploadTaxDocument,
} from './tax-documents.service.ts';
import { buildStatement, statementCsv, statementPdf, statementYears } from './tax-statement.ts';

const tags = ['tax documents'];
const E = ErrorCodes;

/** Private files: never cached, never sniffed, never rendered as a page of ours. */
const privateFile = (reply: FastifyReply, type: string, filename: string) =>
  reply
    .header('cache-control', 'private, no-store')
    .header('content-type', type)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('content-disposition', `attachment; filename="${filename.replace(/[^\w.\- ]/g, '_')}"`);

/** Tax documents (uploads) and yearly earnings statements from the ledger (CSV or PDF). */
export async function taxRoutes(app: App) {
  const { ctx } = app;

  app.get(
    '/tax-documents',
    {
      config: { auth: 'user', rateLimit: CommerceLimits.read },
      schema: {
        tags,
        summary:
          "The caller's uploaded tax documents (admins: any user's with userId or its alias creatorId)",
        querystring: OwnerQuery,
        response: { 200: TaxDocumentList },
      },
    },
    async (request) =>
      listTaxDocuments(ctx, currentUser(request), request.query.userId ?? request.query.creatorId),
  );

  app.get(
    '/tax-documents/:id',
    {
      config: { auth: 'user', rateLimit: CommerceLimits.read },
      schema: {
        tags,
        summary: 'One tax document’s details (its owner and admins only; the file: …/file)',
        params: CommerceLookupParams,
        response: { 200: TaxDocument, 404: routeErrors(E.TAX_DOCUMENT_NOT_FOUND) },
      },
    },
    async (request) => getTaxDocument(ctx, currentUser(request), request.params.id),
  );

  app.post(
    '/tax-documents',
    {
      config: { auth: 'creator', rateLimit: CommerceLimits.upload },
      schema: {
        tags,
        summary: 'Upload a tax document (multipart: file = PDF/JPEG/PNG ≤ 10 MB, year, title?)',
        consumes: ['multipart/form-data'],
        response: {
          201: TaxDocument,
          400: routeErrors(E.VALIDATION_FAILED),
          413: routeErrors(E.PAYLOAD_TOO_LARGE),
          415: routeErrors(E.UNSUPPORTED_MEDIA_TYPE),
        },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart())
        throw new BadRequestError('Send the document as multipart/form-data', E.VALIDATION_FAILED);
      const form = await readMultipartForm(request, TAX_UPLOAD);
      return reply.status(201).send(await uploadTaxDocument(ctx, currentUser(request), form));
    },
  );

  app.get(
    '/tax-documents/:id/file',
    {
      config: { auth: 'user', rateLimit: CommerceLimits.read },
      schema: {
        tags,
        summary: 'Download a tax document (its owner and admins only)',
        params: IdParams,
        response: {
          200: Type.Unknown({ description: 'the file' }),
          404: routeErrors(E.TAX_DOCUMENT_NOT_FOUND),
        },
      },
      onRequest: async (_request, reply) => {
        reply.header('cache-control', 'private, no-store');
      },
    },
    async (request, reply) => {
      const { row, file } = await openTaxDocument(ctx, currentUser(request), request.params.id);
      return privateFile(reply, row.content_type, row.filename)
        .header('content-length', file.size)
        .send(file.stream);
    },
  );

  app.delete(
    '/tax-documents/:id',
    {
      config: { auth: 'user', rateLimit: CommerceLimits.write },
      schema: {
        tags,
        summary: 'Delete an own tax document',
        params: IdParams,
        response: { 200: OkResponse, 404: routeErrors(E.TAX_DOCUMENT_NOT_FOUND) },
      },
    },
    async (request) => deleteTaxDocument(ctx, currentUser(request), request.params.id),
  );

  app.get(
    '/tax-documents/statements',
    {
      config: { auth: 'creator', rateLimit: CommerceLimits.read },
      schema: {
        tags,
        summary:
          'Years with earnings, each summarised from the ledger (gross, fees, net, paid out)',
        response: { 200: TaxStatementList },
      },
    },
    async (request) => statementYears(ctx.db, currentUser(request).id),
  );

  app.get(
    '/tax-documents/statements/:year',
    {
      config: { auth: 'creator', rateLimit: CommerceLimits.read },
      schema: {
        tags,
        summary: 'The yearly earnings statement as a file: format=csv (default) or pdf',
        params: TaxYearParams,
        querystring: TaxStatementQuery,
        response: { 200: Type.Unknown({ description: 'CSV or PDF' }) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { year } = request.params;
      const statement = await buildStatement(ctx.db, user.id, year);
      if (request.query.format === 'pdf')
        return privateFile(reply, 'application/pdf', `earnings-${year}.pdf`).send(
          statementPdf(statement, user.username),
        );
      return privateFile(reply, 'text/csv; charset=utf-8', `earnings-${year}.csv`).send(
        statementCsv(statement, user.username),
      );
    },
  );
}
