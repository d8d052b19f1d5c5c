// The public platform settings (GET common/props): deposit and withdrawal channels, hours, limits, crypto
// minimums and confirmations, with the limits' `{0}` templates in the app's language. Public (no account in
// the key) but keyed by language, because the server writes the templates in the language asked for.
import { queryOptions } from '@tanstack/react-query';
import type { PropsResult } from '../../../workers/protocol/deposits.ts';
import { getData } from '../api/data-client.ts';
import { withThousands } from '../format/numbers.ts';
import { PUBLIC } from './query-keys.ts';

export function propsQuery(lang: string) {
  return queryOptions({
    queryKey: [PUBLIC, 'props', lang],
    queryFn: ({ signal }) => getData<PropsResult>('common/props', undefined, { signal }),
    staleTime: 60_000,
  });
}

/** The limit `key`'s template with its value (grouped in thousands, its digits kept) in place of `{0}`, or ''
 *  when the server sent none: 'Maximum single deposit: 5,000,000.00 PKR'. */
export function limitText(props: PropsResult, key: string): string {
  const tpl = props.templates.find((x) => x.key === key);
  return tpl ? tpl.template.replace('{0}', withThousands(tpl.value)) : '';
}
