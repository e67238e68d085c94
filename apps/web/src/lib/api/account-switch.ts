import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type TypeUser, type UserInfo } from '@app/contract';
import { apiPost } from './api-client';
import { LEDGER_QUERY_PREFIX } from './ledger-query';
import { useSessionStore } from '../session/session-store';

/** Switches between the real and the demo ledger (docs/product.md §4 "Account version"). */
export function accountSwitch(typeUser: TypeUser): Promise<UserInfo> {
  return apiPost<UserInfo>(API.account.accountSwitch, { typeUser });
}

export function useAccountSwitch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: accountSwitch,
    onSuccess: (user, typeUser) => {
      const { setUser, setTypeUser } = useSessionStore.getState();
      setUser(user);
      // Requests carry typeUser from the store: every later request reads the new ledger.
      setTypeUser(typeUser);
      void client.invalidateQueries({ queryKey: [LEDGER_QUERY_PREFIX] });
    },
  });
}
