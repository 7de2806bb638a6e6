import { MAX_UPLOAD_BYTES } from '@cr/contract/upload.contract';
import { suggestionApi } from '../api/suggestion-api';

/** Why a file is refused before it is sent (the server checks again from the bytes). */
export function localImageProblem(file: File): 'uploadNotImage' | 'uploadTooLarge' | null {
  if (!file.type.startsWith('image/')) return 'uploadNotImage';
  if (file.size > MAX_UPLOAD_BYTES) return 'uploadTooLarge';
  return null;
}

/** Uploads an image (≤ 200 KB) and answers its URL. */
export async function uploadImage(file: File): Promise<string> {
  const result = await suggestionApi.uploadImage(file);
  return result.url;
}
