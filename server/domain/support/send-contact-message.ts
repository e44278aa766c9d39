// A message from the contact form goes by mail (SMTP, or the outbox offline) to the operator's address
// (OPERATOR_EMAIL). The sender gets no copy: the form must not become a way to mail strangers.
import type { AppDeps } from '../../deps.ts';
import { DEFAULT_LANG, translator, type Lang } from '../../i18n.ts';
import type { ContactMessage } from './contact.schemas.ts';

export async function sendContactMessage(deps: Pick<AppDeps, 'config' | 'mailer'>, input: ContactMessage, senderLang: Lang): Promise<{ id: string }> {
  // The operator reads German; the sender's language is noted in the mail.
  const t = translator(DEFAULT_LANG);
  return deps.mailer.send({
    to: deps.config.operator.email,
    template: 'contactMessage',
    lang: DEFAULT_LANG,
    params: {
      name: t('email:contactMessage.operator'),
      sender: input.name,
      email: input.email,
      topic: t(`email:contactMessage.topics.${input.topic}`),
      message: input.message,
      language: senderLang,
    },
  });
}
