// The live preview: the draft runs in a chat panel as a seeker would see it. It is the same intake machine
// the server builds for a session (machines/intake.machine.ts buildIntakeMachine) and the same wording
// (stepText); only the request intake after the category choice is stood in for by one button.
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { createActor } from 'xstate';
import { RotateCcw, Volume2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { speak } from '@/chat/tts';
import { buildIntakeMachine } from '../../../../machines/intake.machine.ts';
import { stepsById, stepText, type FollowUpScript } from '../../../../machines/follow-up-script.ts';
import { CATEGORY_IDS } from '../../../../core/categories/category-ids.ts';

const SAMPLE = { description: 'Vorschau', postcode: '50667', place: 'Köln', budgetMin: 100, budgetMax: 100, urgency: 'normal', date: '2099-01-01' } as const;

interface Line {
  from: 'bot' | 'user';
  text: string;
  voice?: boolean;
}

export function PreviewChat({ script, lang }: { script: FollowUpScript; lang: 'de' | 'en' }) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('intake');
  const { t: tChat } = useTranslation('chat');
  const persona = tChat('persona.name');
  const machine = useMemo(() => buildIntakeMachine(script.steps), [script]);
  const [run, setRun] = useState(0);
  const [lines, setLines] = useState<Line[]>([]);
  const [state, setState] = useState<string>('');
  const [name, setName] = useState('');
  const actor = useRef<ReturnType<typeof createActor<typeof machine>> | null>(null);

  useEffect(() => {
    const a = createActor(machine).start();
    actor.current = a;
    const said = (from: number, firstName: string | null) =>
      stepsById(script, a.getSnapshot().context.said.slice(from)).map((s) => ({
        from: 'bot' as const,
        text: stepText(s, lang, { name: firstName, persona }),
        voice: s.type === 'voice',
      }));
    setLines(said(0, null));
    setState(String(a.getSnapshot().value));
    return () => void a.stop();
  }, [machine, script, lang, persona, run]);

  const send = (event: Parameters<NonNullable<typeof actor.current>['send']>[0], userText?: string) => {
    const a = actor.current;
    if (!a) return;
    const from = a.getSnapshot().context.said.length;
    a.send(event);
    const after = a.getSnapshot();
    const added = stepsById(script, after.context.said.slice(from)).map((s) => ({
      from: 'bot' as const,
      text: stepText(s, lang, { name: after.context.firstName, persona }),
      voice: s.type === 'voice',
    }));
    // The machine keeps asking for the name when it refuses one.
    const refused = event.type === 'FIRST_NAME_SUBMITTED' && (after.value as unknown) === 'greeting';
    setLines((l) => [
      ...l,
      ...(userText ? [{ from: 'user' as const, text: userText }] : []),
      ...(refused ? [{ from: 'bot' as const, text: t('followup.preview.nameRefused') }] : added),
    ]);
    setState(typeof after.value === 'string' ? after.value : JSON.stringify(after.value));
  };

  const submitName = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return;
    send({ type: 'FIRST_NAME_SUBMITTED', name: name.trim() }, name.trim());
    setName('');
  };
  const finish = () => {
    send({ type: 'DRAFT_UPDATED', patch: { ...SAMPLE, category: actor.current?.getSnapshot().context.draft.category ?? 'handwerk' } });
    const a = actor.current;
    if ((a?.getSnapshot().value as unknown) === 'reviewing')
      send({ type: 'REQUEST_CONFIRMED', version: a!.getSnapshot().context.version, requestId: 'preview', requestStatus: 'draft' });
  };

  return (
    <Card className="flex h-full flex-col" data-testid="followup-preview">
      <CardHeader className="flex flex-row items-center justify-between gap-2 pb-2">
        <CardTitle className="text-base">{t('followup.preview.title', { lang: lang.toUpperCase() })}</CardTitle>
        <Button size="sm" variant="outline" onClick={() => setRun((r) => r + 1)}>
          <RotateCcw aria-hidden />
          {t('followup.preview.restart')}
        </Button>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-3">
        <ol className="flex max-h-96 flex-col gap-2 overflow-y-auto" aria-live="polite">
          {lines.map((line, i) => (
            <li
              key={i}
              className={`max-w-[85%] rounded-2xl px-3 py-2 text-sm ${line.from === 'bot' ? 'self-start bg-muted' : 'self-end bg-primary text-primary-foreground'}`}
              data-testid={line.from === 'bot' ? 'followup-preview-bot' : undefined}
            >
              {line.text}
              {line.voice && (
                <Button
                  size="sm"
                  variant="ghost"
                  className="ml-1 h-6 px-1"
                  onClick={() => void speak(line.text, lang)}
                  aria-label={t('followup.preview.listen')}
                >
                  <Volume2 aria-hidden />
                </Button>
              )}
            </li>
          ))}
        </ol>
        {state === 'greeting' && (
          <form onSubmit={submitName} className="flex gap-2">
            <Input
              value={name}
              onChange={(e) => setName(e.target.value)}
              placeholder={t('followup.preview.namePlaceholder')}
              aria-label={t('followup.preview.namePlaceholder')}
            />
            <Button type="submit">{t('followup.preview.send')}</Button>
          </form>
        )}
        {state === 'choosingCategory' && (
          <NativeSelect
            aria-label={t('followup.preview.category')}
            defaultValue=""
            onChange={(e) => e.target.value && send({ type: 'CATEGORY_CHOSEN', category: e.target.value }, tc(`categories.${e.target.value}`))}
          >
            <option value="">{t('followup.preview.category')}</option>
            {CATEGORY_IDS.map((c) => (
              <option key={c} value={c}>
                {tc(`categories.${c}`)}
              </option>
            ))}
          </NativeSelect>
        )}
        {!['greeting', 'choosingCategory', 'submitted', 'stranded'].includes(state) && (
          <div className="flex flex-col gap-2 rounded-md border border-dashed p-3 text-sm text-muted-foreground">
            {t('followup.preview.intake')}
            <Button size="sm" variant="outline" onClick={finish}>
              {t('followup.preview.finish')}
            </Button>
          </div>
        )}
        {state === 'stranded' && <p className="text-sm text-destructive">{t('followup.preview.stranded')}</p>}
      </CardContent>
    </Card>
  );
}
