// The KYC screen's calls: the state (GET user/auth) as a query of the user's account scope, and the
// submission (POST user/auth, multipart with the two photos, upload progress reported).
import { queryOptions } from '@tanstack/react-query';
import type { KycSubmitFields } from '../../../contract/kyc.ts';
import type { KycState } from '../../../workers/protocol/api.ts';
import { getData, postForm } from '../../shared/api/data-client.ts';
import { accountKey, RESOURCE, type AccountScope } from '../../shared/query/query-keys.ts';

export function kycStateQuery(scope: AccountScope) {
  return queryOptions({
    // KYC belongs to the user, not to one account: real and demo show the same state.
    queryKey: accountKey(['real', scope[1]], RESOURCE.kyc),
    queryFn: ({ signal }) => getData<KycState>('user/auth', undefined, { signal }),
    enabled: scope[0] !== 'guest',
    staleTime: 10_000,
  });
}

export interface KycPhotoBlobs {
  front: Blob;
  back: Blob;
}

/** Sends a submission; resolves with the new state (pending). */
export function submitKycCall(
  fields: KycSubmitFields,
  photos: KycPhotoBlobs,
  onProgress: (fraction: number) => void,
): Promise<KycState> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('front', photos.front, 'front.jpg');
  form.append('back', photos.back, 'back.jpg');
  return postForm<KycState>('user/auth', form, { onProgress });
}
