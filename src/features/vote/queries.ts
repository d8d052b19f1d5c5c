// Shareholder voting's REST read and its one action. The resolutions are the account's (the key starts with the
// account, so real and demo never share a cache: each votes with its own shares and sees its own kind's result).
// The list re-reads itself when the next state change of any resolution comes (a record date opening the vote,
// a deadline bringing the results), so a countdown that reaches zero shows what follows without a reload.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { VoteInfo, VoteResolution } from '../../../contract/vote.ts';
import { getData, postData } from '../../shared/api/data-client.ts';
import { accountKey, RESOURCE, type AccountScope } from '../../shared/query/query-keys.ts';
import { refetchDelay } from '../../shared/ui/countdown.tsx';

/** When the resolution next changes state (null when closed). */
export function nextChange(r: Pick<VoteResolution, 'state' | 'recordAt' | 'deadlineAt'>): number | null {
  if (r.state === 'upcoming') return r.recordAt;
  if (r.state === 'open') return r.deadlineAt;
  return null;
}

export function votesQuery(scope: AccountScope, id?: string) {
  return queryOptions({
    queryKey: [...accountKey(scope, RESOURCE.votes), id ?? 'all'],
    queryFn: ({ signal }) => getData<VoteInfo>('index/vote/info', id ? { id } : undefined, { signal }),
    refetchInterval: (q) => refetchDelay(q.state.data?.list.map(nextChange) ?? [], Date.now()),
    staleTime: 10_000,
  });
}

export function castVote(id: number, option: number): Promise<VoteResolution> {
  return postData<VoteResolution>('vote', { id: String(id), option: String(option) });
}

export function invalidateVotes(client: QueryClient, scope: AccountScope): Promise<void> {
  return client.invalidateQueries({ queryKey: accountKey(scope, RESOURCE.votes) });
}
