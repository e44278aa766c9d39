// Adding a message step: text (button disabled while a language is empty after trimming) or voice (audio from
// the server's offline text-to-speech, played in a preview before it can be added).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageSquarePlus, Mic, Loader2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { synthesize } from './followup-api';

export interface NewStep {
  type: 'text' | 'voice';
  de: string;
  en: string;
}

function Texts({ prefix, de, en, setDe, setEn }: { prefix: string; de: string; en: string; setDe: (v: string) => void; setEn: (v: string) => void }) {
  const { t } = useTranslation('admin');
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${prefix}-de`}>{t('followup.add.de')}</Label>
        <Textarea id={`${prefix}-de`} value={de} onChange={(e) => setDe(e.target.value)} maxLength={1000} rows={3} data-testid={`followup-${prefix}-de`} />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${prefix}-en`}>{t('followup.add.en')}</Label>
        <Textarea id={`${prefix}-en`} value={en} onChange={(e) => setEn(e.target.value)} maxLength={1000} rows={3} data-testid={`followup-${prefix}-en`} />
      </div>
    </div>
  );
}

export function AddSteps({ busy, onAdd }: { busy: boolean; onAdd: (step: NewStep) => Promise<boolean> }) {
  const { t } = useTranslation('admin');
  const [textDe, setTextDe] = useState('');
  const [textEn, setTextEn] = useState('');
  const [voiceDe, setVoiceDe] = useState('');
  const [voiceEn, setVoiceEn] = useState('');
  const [audio, setAudio] = useState<string | null>(null);
  const [generating, setGenerating] = useState(false);
  const [voiceError, setVoiceError] = useState(false);

  // Audio belongs to the words it was made from: changing them asks for new audio.
  useEffect(() => {
    setAudio((old) => {
      if (old) URL.revokeObjectURL(old);
      return null;
    });
  }, [voiceDe]);

  const textReady = textDe.trim() !== '' && textEn.trim() !== '';
  const voiceReady = voiceDe.trim() !== '' && voiceEn.trim() !== '';

  const addText = async () => {
    if (await onAdd({ type: 'text', de: textDe.trim(), en: textEn.trim() })) {
      setTextDe('');
      setTextEn('');
    }
  };
  const generate = async () => {
    setGenerating(true);
    setVoiceError(false);
    try {
      setAudio(await synthesize(voiceDe.trim(), 'de'));
    } catch {
      setVoiceError(true);
    } finally {
      setGenerating(false);
    }
  };
  const addVoice = async () => {
    if (await onAdd({ type: 'voice', de: voiceDe.trim(), en: voiceEn.trim() })) {
      setVoiceDe('');
      setVoiceEn('');
    }
  };

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card>
        <CardHeader className="pb-2">
          <CardTitle className="flex items-center gap-2 text-base">
            <MessageSquarePlus className="size-4 text-primary" aria-hidden />
            {t('followup.add.textTitle')}
          </CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <Texts prefix="text" de={textDe} en={textEn} setDe={setTextDe} setEn={setTextEn} />
          <Button onClick={() => void addText()} disabled={!textReady || busy} data-testid="followup-add-text">
            {t('followup.add.textButton')}
          </Button>
        </CardContent>
      </Card>
      <Card>
        <CardHeader className="pb-2">
          <CardTitle className="flex items-center gap-2 text-base">
            <Mic className="size-4 text-primary" aria-hidden />
            {t('followup.add.voiceTitle')}
          </CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <Texts prefix="voice" de={voiceDe} en={voiceEn} setDe={setVoiceDe} setEn={setVoiceEn} />
          <Button variant="outline" onClick={() => void generate()} disabled={!voiceDe.trim() || generating} data-testid="followup-voice-generate">
            {generating && <Loader2 className="animate-spin" aria-hidden />}
            {t('followup.add.generate')}
          </Button>
          {voiceError && <p className="text-sm text-destructive">{t('followup.add.voiceError')}</p>}
          {audio ? (
            <div className="flex flex-col gap-1">
              <span className="text-sm text-muted-foreground">{t('followup.add.preview')}</span>
              <audio controls src={audio} className="w-full" data-testid="followup-voice-preview" />
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">{t('followup.add.needAudio')}</p>
          )}
          <Button onClick={() => void addVoice()} disabled={!audio || !voiceReady || busy} data-testid="followup-add-voice">
            {t('followup.add.voiceButton')}
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
