// A refused call's message as an error toast — except a dead session, which the API client already handles by
// sending the user to log in (a toast on top would say the same thing twice).
import { CODE_SESSION_INVALID, type ApiEnvelope } from '../../../workers/protocol/api.ts';
import { showToast } from '../ui/toast.tsx';

export function toastFailure(res: ApiEnvelope<unknown> | undefined): void {
  if (res && res.code !== CODE_SESSION_INVALID && res.msg) showToast(res.msg, { icon: 'error' });
}
