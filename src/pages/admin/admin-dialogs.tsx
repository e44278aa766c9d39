// Dialogs of the admin desk: a decision that needs a written reason (or an optional note), and a plain
// confirmation for steps that move money.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Loader2, RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';

// onSubmit / onConfirm show their own error toast and throw, so the dialog stays open after a failure.
export interface ReasonDialogProps {
  open: boolean;
  title: string;
  description: ReactNode;
  label: string;
  submitLabel: string;
  /** Minimum length of the trimmed text; 0 makes it optional. */
  minLength?: number;
  maxLength?: number;
  destructive?: boolean;
  onSubmit: (text: string) => Promise<void>;
  onClose: () => void;
}

export function ReasonDialog({
  open,
  title,
  description,
  label,
  submitLabel,
  minLength = 3,
  maxLength = 300,
  destructive = false,
  onSubmit,
  onClose,
}: ReasonDialogProps) {
  const { t } = useTranslation('admin');
  const uid = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setText('');
    setError(null);
    onClose();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = text.trim();
    if (value.length < minLength) return setError(t('dialogs.reasonTooShort', { min: minLength }));
    setBusy(true);
    try {
      await onSubmit(value);
      close();
    } catch {
      // onSubmit told the admin why (a toast); the dialog stays open for another try.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(o) => !o && close()}>
      <DialogContent closeLabel={t('dialogs.close')} data-testid="reason-dialog">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${uid}-reason`}>
              {label}
              {minLength === 0 && <span className="font-normal text-muted-foreground"> ({t('dialogs.optional')})</span>}
            </Label>
            <Textarea
              id={`${uid}-reason`}
              value={text}
              maxLength={maxLength}
              onChange={(e) => {
                setText(e.target.value);
                setError(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${uid}-error` : undefined}
              rows={3}
            />
            {error && (
              <p id={`${uid}-error`} className="text-sm text-destructive">
                {error}
              </p>
            )}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close}>
              {t('dialogs.cancel')}
            </Button>
            <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={busy} data-testid="reason-submit">
              {busy && <Loader2 className="animate-spin" aria-hidden />}
              {submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  destructive = false,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  destructive?: boolean;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      onClose();
    } catch {
      // onConfirm told the admin why; the dialog stays open.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent closeLabel={t('dialogs.close')} data-testid="confirm-dialog">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t('dialogs.cancel')}
          </Button>
          <Button variant={destructive ? 'destructive' : 'default'} onClick={() => void confirm()} disabled={busy} data-testid="confirm-submit">
            {busy && <Loader2 className="animate-spin" aria-hidden />}
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** A full-width empty state of an admin list. */
export function EmptyState({ icon, text, testId }: { icon: ReactNode; text: string; testId?: string }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed px-4 py-10 text-center" data-testid={testId}>
      {icon}
      <p className="text-sm text-muted-foreground">{text}</p>
    </div>
  );
}

/** In place of an admin list that could not be loaded: the message and a retry. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-4 py-12 text-center">
      <p className="text-muted-foreground">{t('loadErrorList')}</p>
      <Button variant="outline" onClick={onRetry}>
        <RefreshCw aria-hidden />
        {t('retry')}
      </Button>
    </div>
  );
}

/** Above admin lists that are still shown when refreshing them failed: the message and a retry. */
export function LoadFailedBanner({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <div
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-destructive/40 bg-destructive/5 px-4 py-3 text-sm text-destructive"
      role="alert"
    >
      {t('loadErrorList')}
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RefreshCw aria-hidden />
        {t('retry')}
      </Button>
    </div>
  );
}
