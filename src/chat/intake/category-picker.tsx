// The category dropdown (states choosingCategory and asking.category): the chosen category's label
// goes out as the person's message.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { useChatActions } from '../context.ts';
import { NativeSelect, WidgetCard } from './controls.tsx';
import { INTAKE_CATEGORIES, isCategoryId, type CategoryId } from './labels.ts';

export function CategoryPicker({ initial }: { initial: CategoryId | null }) {
  const { t } = useTranslation('intake');
  const { send, busy } = useChatActions();
  const [value, setValue] = useState<string>(initial ?? '');
  const id = useId();

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!isCategoryId(value) || busy) return;
    send(t(`categories.${value}`));
  }

  return (
    <WidgetCard data-testid="intake-category">
      <form onSubmit={submit} className="flex flex-col gap-1.5">
        <Label htmlFor={id} className="text-xs font-medium text-foreground/80">
          {t('categoryPicker.label')}
        </Label>
        <div className="flex flex-col gap-2 @xs:flex-row">
          <NativeSelect
            id={id}
            data-testid="intake-category-select"
            value={value}
            disabled={busy}
            onChange={(e) => setValue(e.target.value)}
            className="flex-1"
          >
            <option value="" disabled>
              {t('categoryPicker.placeholder')}
            </option>
            {INTAKE_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`categories.${c}`)}
              </option>
            ))}
          </NativeSelect>
          <Button type="submit" data-testid="intake-category-submit" className="h-9 shrink-0" disabled={busy || !isCategoryId(value)}>
            {t('categoryPicker.submit')}
          </Button>
        </div>
      </form>
    </WidgetCard>
  );
}
