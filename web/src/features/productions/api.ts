/** Productions (spec §7 "Other families": /productions, /productions/{id}, CRUD-style). */
import type {
  CreateProductionBody,
  DeleteProductionResponse,
  Production,
  ProductionsResponse,
  ProductionStatus,
  UpdateProductionBody,
} from '@fanspace/contracts';
import { apiClient } from '../../lib/api/index.ts';

const path = (id: string) => `/productions/${encodeURIComponent(id)}`;

export const fetchProductions = (status: ProductionStatus | 'all', page: number) =>
  apiClient.get<ProductionsResponse>('/productions', {
    query: status === 'all' ? { page } : { status, page },
  });
export const createProduction = (body: CreateProductionBody) =>
  apiClient.post<Production>('/productions', body);
export const updateProduction = (id: string, body: UpdateProductionBody) =>
  apiClient.put<Production>(path(id), body);
export const deleteProduction = (id: string) =>
  apiClient.delete<DeleteProductionResponse>(path(id));
