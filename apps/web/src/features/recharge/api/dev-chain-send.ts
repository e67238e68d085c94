import { useMutation } from '@tanstack/react-query';
import { API, type DevChainSendBody, type DevChainSent } from '@app/contract';
import { apiPost } from '../../../lib/api/api-client';

/**
 * `userrechange/dev-chain-send`: test coins of the server's development chain to the user's own
 * deposit address there (docs/deposits.md "The development chain"); only offered where a route says
 * `devChain`. Nothing is credited by the answer: the deposit watcher credits it once confirmed.
 */
export function devChainSend(body: DevChainSendBody): Promise<DevChainSent> {
  return apiPost<DevChainSent>(API.userRecharge.devChainSend, body);
}

export function useDevChainSend() {
  return useMutation({ mutationFn: devChainSend });
}
