import { chatTools } from '../server/chat/tools/index.ts';
import { authAs } from '../tests/helpers/offline-decide.ts';
for (const [role, m, s] of [['anonymous','intake','greeting'],['seeker','intake','choosingCategory'],['provider','providerDesk','ready'],['admin','welcome','greeting']] as const) {
  const tools = chatTools.forState(authAs(role), m, s);
  console.log(role, tools.map((t) => `${t.name}[${t.understand?.intents?.join(',') ?? ''}]`).join(' '));
}
