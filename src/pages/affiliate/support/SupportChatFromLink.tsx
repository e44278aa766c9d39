// Opens the support chat on any page whose address carries ?support=1 (the link of the 'support replied'
// mail), for a signed-in person; closing it removes the parameter again. The layout loads this module only
// when the parameter is there (it is part of every page's first load, decision 027).
import { useSearchParams } from 'react-router';
import { useAuth } from '@/lib/auth';
import { SupportChatDialog } from './SupportChatDialog';

export function SupportChatFromLink() {
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const open = Boolean(user) && params.get('support') === '1';
  if (!open) return null;
  const close = (next: boolean) => {
    if (next) return;
    setParams(
      (p) => {
        const n = new URLSearchParams(p);
        n.delete('support');
        return n;
      },
      { replace: true },
    );
  };
  return <SupportChatDialog open onOpenChange={close} />;
}
