import { useSearchParams } from 'react-router';
import { CHAT_FROM_MAX } from '@app/contract';
import { SupportChat } from './chat-panel';

/** The page support was opened from (docs/product.md §2 `from`, default home). */
function useFrom(): string {
  const [params] = useSearchParams();
  const from = (params.get('from') ?? '').trim().slice(0, CHAT_FROM_MAX);
  return from || 'home';
}

/** /pages/home/components/customer-service (`?from=`, default home): the chat inside the app, with who answers and the user's UID. */
export function CustomerServicePage() {
  return <SupportChat from={useFrom()} variant="page" />;
}

/** /pages/home/components/customer-service-mobile: the same conversation as a full-screen chat (docs/decisions/0108-support-chat-routes.md). */
export function CustomerServiceMobilePage() {
  return <SupportChat from={useFrom()} variant="full" />;
}

/** The desktop layout's customer service: the same chat in a centred panel of the desktop frame. */
export function SupportDeskPage() {
  return <SupportChat from={useFrom()} variant="desk" />;
}
