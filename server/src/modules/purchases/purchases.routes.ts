import {
  ErrorCodes,
  IdParams,
  PostPage,
  PurchasedContentQuery,
  routeErrors,
} from '@fanspace/contracts';
import type { App } from '../../platform/http/app.ts';
import { signedInViewer } from '../posts/post-views.ts';
import { purchasedContent } from './purchases.service.ts';

/** The read side of pay-to-unlock purchases (the payments issue writes them). */
export async function purchasesRoutes(app: App) {
  const { ctx } = app;
  const tags = ['purchases'];
  const response = { 200: PostPage, 400: routeErrors(ErrorCodes.VALIDATION_FAILED) };

  app.get(
    '/purchased-content',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Posts the caller bought, most recent purchase first',
        querystring: PurchasedContentQuery,
        response,
      },
    },
    async (request) => purchasedContent(ctx, signedInViewer(request), null, request.query),
  );

  app.get(
    '/purchased-content/creator/:id',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Posts the caller bought from one creator',
        params: IdParams,
        querystring: PurchasedContentQuery,
        response: { ...response, 404: routeErrors(ErrorCodes.NOT_FOUND) },
      },
    },
    async (request) =>
      purchasedContent(ctx, signedInViewer(request), request.params.id, request.query),
  );
}
