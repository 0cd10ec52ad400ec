import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createStorefrontProductEndpoint,
  deleteStorefrontProductEndpoint,
  storefrontProductsEndpoint,
  updateStorefrontProductEndpoint,
  type StorefrontProductFields,
} from '@panel/contract';
import { call } from '../../api/client';
import { showSuccess } from '../../lib/feedback';

const KEY = ['storefront-products'];

/** `GET /api/storefront/products`: 404 STOREFRONT_NOT_SET_UP before the store's first save (shown in place). */
export const getProducts = () => call(storefrontProductsEndpoint);
export const useProducts = () => useQuery({ queryKey: KEY, queryFn: getProducts, meta: { silent: true } });

function useProductWrite<Input>(send: (input: Input) => Promise<{ msg: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (answer) => showSuccess(answer.msg),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export const useCreateProduct = () => useProductWrite((body: StorefrontProductFields) => call(createStorefrontProductEndpoint, { body }));
export const useUpdateProduct = () =>
  useProductWrite(({ id, body }: { id: number; body: StorefrontProductFields }) => call(updateStorefrontProductEndpoint, { params: { id }, body }));
export const useDeleteProduct = () => useProductWrite((id: number) => call(deleteStorefrontProductEndpoint, { params: { id } }));
