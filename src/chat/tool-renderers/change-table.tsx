// The before/after table of a confirmation that changes something (server: ChangeView under data.change).
import { useTranslation } from 'react-i18next';
import type { ChangeView } from '../../../core/chat/output-types.ts';

export function isChangeView(value: unknown): value is ChangeView {
  const v = value as ChangeView | null;
  return !!v && typeof v === 'object' && typeof v.subject === 'string' && Array.isArray(v.rows);
}

export function ChangeTable({ change }: { change: ChangeView }) {
  const { t } = useTranslation('chat');
  return (
    <div data-testid="chat-change" className="mt-2 overflow-x-auto">
      <p className="text-xs font-medium text-muted-foreground">{change.subject}</p>
      <table className="mt-1 w-full border-collapse text-xs">
        <thead>
          <tr className="text-left text-muted-foreground">
            <th scope="col" className="py-1 pr-2 font-medium">
              {t('change.field')}
            </th>
            <th scope="col" className="py-1 pr-2 font-medium">
              {t('change.before')}
            </th>
            <th scope="col" className="py-1 font-medium">
              {t('change.after')}
            </th>
          </tr>
        </thead>
        <tbody>
          {change.rows.map((row, i) => (
            <tr key={i} className="border-t border-border align-top">
              <th scope="row" className="py-1 pr-2 text-left font-medium">
                {row.label}
              </th>
              <td className="py-1 pr-2 text-muted-foreground line-through decoration-muted-foreground/50">{row.before ?? t('change.none')}</td>
              <td className="py-1 font-semibold">{row.after ?? t('change.removed')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
