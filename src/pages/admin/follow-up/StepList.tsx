// The script's steps: 'Schritt n' with its type, hide/show, delete, German and English words (a text with
// {persona} or {name} also shows as the chat shows it: 'Ich bin Aki', '‹Vorname›'), and reordering by drag
// (native drag and drop) or by keyboard (the up/down buttons, or Alt+Arrow on a step).
import { useState, type DragEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowDown, ArrowUp, Eye, EyeOff, GripVertical, Trash2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { stepText } from '../../../../machines/follow-up-script.ts';
import type { FollowUpStep, StepFigures } from './followup-api';

export interface StepListProps {
  steps: FollowUpStep[];
  figures: Map<string, StepFigures>;
  busy: boolean;
  onToggle: (index: number) => void;
  onRemove: (index: number) => void;
  onMove: (from: number, to: number) => void;
  onText: (index: number, lang: 'de' | 'en', text: string) => void;
}

export function StepList({ steps, figures, busy, onToggle, onRemove, onMove, onText }: StepListProps) {
  const { t } = useTranslation('admin');
  const [dragged, setDragged] = useState<number | null>(null);
  const shownAs = (step: FollowUpStep, lang: 'de' | 'en') =>
    stepText(step, lang, { name: t('followup.placeholders.nameShown'), persona: t('chat:persona.name') });
  if (steps.length === 0)
    return (
      <p className="text-muted-foreground" data-testid="followup-empty">
        {t('followup.empty')}
      </p>
    );

  const onKey = (e: KeyboardEvent, i: number) => {
    if (!e.altKey) return;
    if (e.key === 'ArrowUp' && i > 0) e.preventDefault(), onMove(i, i - 1);
    if (e.key === 'ArrowDown' && i < steps.length - 1) e.preventDefault(), onMove(i, i + 1);
  };
  const drop = (e: DragEvent, i: number) => {
    e.preventDefault();
    if (dragged !== null && dragged !== i) onMove(dragged, i);
    setDragged(null);
  };

  return (
    <ol className="flex flex-col gap-3" aria-label={t('followup.listLabel')} data-testid="followup-steps">
      {steps.map((step, i) => {
        const f = figures.get(step.id);
        return (
          <li
            key={step.id}
            draggable={!busy}
            onDragStart={() => setDragged(i)}
            onDragOver={(e) => e.preventDefault()}
            onDrop={(e) => drop(e, i)}
            onKeyDown={(e) => onKey(e, i)}
            className={`rounded-lg border bg-card p-3 ${step.active ? '' : 'opacity-60'} ${dragged === i ? 'ring-2 ring-primary' : ''}`}
            data-testid={`followup-step-${i + 1}`}
          >
            <div className="flex flex-wrap items-center gap-2">
              <GripVertical className="size-4 cursor-grab text-muted-foreground" aria-hidden />
              <span className="font-semibold">{t('followup.step', { n: i + 1 })}</span>
              <Badge className="bg-secondary" data-testid="followup-step-type">
                {t(`followup.type.${step.type}`)}
              </Badge>
              <Badge>{t(`followup.purpose.${step.purpose}`)}</Badge>
              {!step.active && <Badge>{t('followup.hidden')}</Badge>}
              {f && (
                <span className="text-xs text-muted-foreground" data-testid="followup-step-figures">
                  {t('followup.figures', { reached: f.reached, left: f.leftHere })}
                </span>
              )}
              <div className="ml-auto flex gap-1">
                <Button size="icon" variant="ghost" disabled={busy || i === 0} onClick={() => onMove(i, i - 1)} aria-label={t('followup.up', { n: i + 1 })}>
                  <ArrowUp />
                </Button>
                <Button
                  size="icon"
                  variant="ghost"
                  disabled={busy || i === steps.length - 1}
                  onClick={() => onMove(i, i + 1)}
                  aria-label={t('followup.down', { n: i + 1 })}
                >
                  <ArrowDown />
                </Button>
                <Button
                  size="icon"
                  variant="ghost"
                  disabled={busy}
                  onClick={() => onToggle(i)}
                  aria-label={t(step.active ? 'followup.hide' : 'followup.show', { n: i + 1 })}
                  data-testid="followup-step-toggle"
                >
                  {step.active ? <EyeOff /> : <Eye />}
                </Button>
                <Button
                  size="icon"
                  variant="ghost"
                  disabled={busy}
                  onClick={() => onRemove(i)}
                  aria-label={t('followup.remove', { n: i + 1 })}
                  data-testid="followup-step-remove"
                >
                  <Trash2 />
                </Button>
              </div>
            </div>
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {(['de', 'en'] as const).map((lang) => (
                <div key={lang} className="flex flex-col gap-1">
                  <Textarea
                    key={`${step.id}-${lang}-${step.content[lang]}`}
                    defaultValue={step.content[lang]}
                    rows={2}
                    maxLength={1000}
                    aria-label={t('followup.textLabel', { n: i + 1, lang: lang.toUpperCase() })}
                    onBlur={(e) => {
                      const v = e.target.value.trim();
                      if (v && v !== step.content[lang]) onText(i, lang, v);
                    }}
                  />
                  {/\{(persona|name)\}/.test(step.content[lang]) && (
                    <p className="text-xs text-muted-foreground" data-testid="followup-step-shown">
                      {t('followup.placeholders.inChat')} <span className="text-foreground">{shownAs(step, lang)}</span>
                    </p>
                  )}
                </div>
              ))}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
