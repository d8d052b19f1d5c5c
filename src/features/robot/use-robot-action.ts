// A robot action (allocate, add, exit) through the shared password step; every answer re-reads the robot queries.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { usePasswordAction } from '../../shared/ui/use-password-action.ts';
import { invalidateRobots } from './queries.ts';

export function useRobotAction<R>(opts: Omit<Parameters<typeof usePasswordAction<R>>[0], 'settle'>) {
  const client = useQueryClient();
  const scope = useAccountScope();
  const settle = useCallback(() => invalidateRobots(client, scope), [client, scope]);
  return usePasswordAction<R>({ ...opts, settle });
}
