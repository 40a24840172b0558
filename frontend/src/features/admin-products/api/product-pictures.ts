import type { LibraryPicture, UploadedPicture } from '@brewery/shop-rules';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiUpload } from '@/shared/api/api-client';
import { adminQueryKey } from '@/shared/api/admin-query-key';

/** What the shop takes: checked again by the server, from the bytes. */
export const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const MAX_PICTURE_BYTES = 5 * 1024 * 1024;

export const PICTURE_LIBRARY_KEY = adminQueryKey('product-images');

export function uploadPicture(file: File): Promise<UploadedPicture> {
  return apiUpload<UploadedPicture>('/api/admin/product-images', file, { 'X-File-Name': encodeURIComponent(file.name) });
}

export function useUploadPicture() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadPicture, onSuccess: () => queryClient.invalidateQueries({ queryKey: PICTURE_LIBRARY_KEY }) });
}

export function pictureLibraryQueryOptions() {
  return queryOptions({
    queryKey: PICTURE_LIBRARY_KEY,
    queryFn: async () => (await apiGet<LibraryPicture[]>('/api/admin/product-images')) ?? [],
  });
}

export function usePictureLibrary(enabled: boolean) {
  return useQuery({ ...pictureLibraryQueryOptions(), enabled });
}

/** Refused before sending (the server would refuse it too): a message, or null when the file may go. */
export function pictureFileError(file: File): string | null {
  if (file.type !== '' && !(PICTURE_TYPES as readonly string[]).includes(file.type)) return 'The picture must be a PNG, JPEG or WebP image';
  if (file.size > MAX_PICTURE_BYTES) return 'The picture is larger than 5 MB: save it smaller and upload it again';
  if (file.size === 0) return 'Choose a picture to upload';
  return null;
}
