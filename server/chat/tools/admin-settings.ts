// Admin chat tools for the platform settings ('Einstellungen'): show them all, each with its label, value
// and allowed range in the admin's language, and change one named in words ('Laufzeit auf 45 Tage', 'contact
// retention to 60 days'). The same domain query and command as the settings tab (getSettings,
// updateSettings with the settings' own schemas); a change is a before/after card that runs only on the
// admin's click, audited with via 'chat'. What admins may take for a setting but is fixed (the minimum
// payout, Goints per euro) is said so, with its value.
import { z } from 'zod';
import { translator, type Lang } from '../../i18n.ts';
import { getSettings, SETTING_LIMITS, SETTINGS, updateSettings, type SettingKey } from '../../domain/settings/settings.ts';
import { GOINTS_PER_EUR, MIN_PAYOUT_CENTS } from '../../../core/money/money.ts';
import { formatEuro, formatNumber } from '../../../core/money/format-money.ts';
import type { SettingRow, ShowSettingsData } from '../../../core/chat/output-types.ts';
import type { ChangeView } from '../../../core/chat/outcome.ts';
import { attempt, refuse } from './refs.ts';
import { settingNamed, settingValueOf } from './admin-words.ts';
import { defineChatTool, type AnyChatToolDef, type ChatToolContext } from './registry.ts';

const admin = { roles: ['admin'] } as const;
const KEYS = Object.keys(SETTINGS) as SettingKey[];

/** 'marketplace.requestExpiryDays' → 'requestExpiryDays', the key of its words in admin:settings.fields. */
const slug = (key: SettingKey) => key.slice(key.indexOf('.') + 1);

const label = (key: SettingKey, lang: Lang) => translator(lang)(`admin:settings.fields.${slug(key)}.label`) as string;
const hint = (key: SettingKey, lang: Lang) => translator(lang)(`admin:settings.fields.${slug(key)}.hint`) as string;

/** '45 Tage' / '45 days', '200 km', '40 / 100'. */
function valueText(key: SettingKey, value: number, lang: Lang): string {
  return `${formatNumber(value, lang)} ${translator(lang)(`admin:settings.fields.${slug(key)}.unit`) as string}`;
}

function settingRow(key: SettingKey, value: number, lang: Lang): SettingRow {
  const { min, max } = SETTING_LIMITS[key];
  return {
    key,
    label: label(key, lang),
    hint: hint(key, lang),
    value,
    valueText: valueText(key, value, lang),
    min,
    max,
    range: translator(lang)('admin:settings.allowed', { min, max }) as string,
  };
}

/** The settings' labels in a sentence: 'Freischaltungen pro Anfrage, Laufzeit einer Anfrage, …'. */
const labelsList = (lang: Lang) => KEYS.map((k) => translator(lang)('chat:offline.quoted', { text: label(k, lang) }) as string).join(', ');

const settingInput = z.object({
  setting: z
    .enum(KEYS as [SettingKey, ...SettingKey[]])
    .optional()
    .describe('The setting to change'),
  value: z.number().optional().describe('Its new value (a whole number in its unit: days, km, providers, points)'),
  named: z.enum(['minPayout', 'gointsRate']).optional().describe('Set by the server: the admin named a fixed value, not a setting'),
});
type SettingInput = z.infer<typeof settingInput>;

/** Why the change cannot be proposed as it stands: what is missing or out of range, or a fixed value. */
async function changeRefusal(ctx: ChatToolContext<typeof admin>, input: SettingInput) {
  if (input.named === 'minPayout')
    return refuse(ctx, 'SETTING_FIXED_MIN_PAYOUT', { min: formatEuro(MIN_PAYOUT_CENTS, ctx.lang), settings: labelsList(ctx.lang) });
  if (input.named === 'gointsRate') return refuse(ctx, 'SETTING_FIXED_GOINTS_RATE', { goints: GOINTS_PER_EUR, settings: labelsList(ctx.lang) });
  if (!input.setting) return refuse(ctx, 'SETTING_UNKNOWN', { settings: labelsList(ctx.lang) });
  const row = settingRow(input.setting, (await getSettings(ctx.deps.db.prisma))[input.setting], ctx.lang);
  const facts = { label: row.label, current: row.valueText, min: row.min, max: row.max };
  if (input.value === undefined) return refuse(ctx, 'SETTING_VALUE_REQUIRED', facts);
  // The setting's own schema (the one the settings tab's PUT checks) decides what is allowed.
  if (!SETTINGS[input.setting].safeParse(input.value).success) return refuse(ctx, 'SETTING_OUT_OF_RANGE', { ...facts, value: input.value });
  if (row.value === input.value) return refuse(ctx, 'SETTING_UNCHANGED', facts);
  return null;
}

export const adminSettingTools: AnyChatToolDef[] = [
  defineChatTool({
    name: 'showSettings',
    description:
      'Shows the platform settings with their values and allowed ranges: unlocks per request, running time of a request, largest radius, minimum quality of the pre-filter, contact data visible after the end, the commission refund window (admins only).',
    input: z.object({}),
    access: admin,
    machine: '*',
    states: '*',
    understand: { intents: ['showSettings'] },
    run: async (ctx) => {
      const values = await getSettings(ctx.deps.db.prisma);
      const settings = KEYS.map((k) => settingRow(k, values[k], ctx.lang));
      const t = translator(ctx.lang);
      return {
        accepted: true,
        state: ctx.machine.state,
        data: {
          settings,
          count: settings.length,
          minPayout: formatEuro(MIN_PAYOUT_CENTS, ctx.lang),
          list: settings.map((s) => `• ${t('chat:admin.settingLine', { ...s })}`).join('\n'),
        } satisfies ShowSettingsData,
      };
    },
  }),
  defineChatTool({
    name: 'changeSetting',
    description:
      'Changes one platform setting (see showSettings) to a whole number within its range, e.g. the running time of a request to 45 days. Applies to what happens afterwards. Only proposes it: the admin sees before and after and confirms with the button.',
    input: settingInput,
    access: admin,
    machine: '*',
    states: '*',
    requiresConfirmation: true,
    precheck: changeRefusal,
    confirmData: async (ctx, input) => {
      if (!input.setting || input.value === undefined) return {};
      const before = (await getSettings(ctx.deps.db.prisma))[input.setting];
      const t = translator(ctx.lang);
      const change: ChangeView = {
        subject: t('chat:admin.change.settings') as string,
        rows: [
          { label: label(input.setting, ctx.lang), before: valueText(input.setting, before, ctx.lang), after: valueText(input.setting, input.value, ctx.lang) },
        ],
      };
      return {
        change,
        label: label(input.setting, ctx.lang),
        before: valueText(input.setting, before, ctx.lang),
        after: valueText(input.setting, input.value, ctx.lang),
        hint: hint(input.setting, ctx.lang),
      };
    },
    confirmSummary: (_input, data) => ({
      key: 'confirm.summary.changeSetting',
      params: { label: String(data?.label ?? ''), before: String(data?.before ?? ''), after: String(data?.after ?? ''), hint: String(data?.hint ?? '') },
    }),
    understand: {
      intents: ['changeSetting'],
      slots: ({ text }) => {
        const named = settingNamed(text);
        if (named === 'minPayout' || named === 'gointsRate') return { named };
        const value = settingValueOf(text);
        return { ...(named ? { setting: named } : {}), ...(value !== null ? { value } : {}) };
      },
    },
    run: (ctx, input) =>
      attempt(ctx, async () => {
        const refused = await changeRefusal(ctx, input);
        if (refused || !input.setting || input.value === undefined) return refused ?? refuse(ctx, 'SETTING_UNKNOWN', { settings: labelsList(ctx.lang) });
        const before = (await getSettings(ctx.deps.db.prisma))[input.setting];
        const after = await updateSettings(ctx.deps.db.prisma, { [input.setting]: input.value }, ctx.auth.user.id, 'chat');
        return {
          accepted: true,
          state: ctx.machine.state,
          data: {
            label: label(input.setting, ctx.lang),
            before: valueText(input.setting, before, ctx.lang),
            after: valueText(input.setting, after[input.setting], ctx.lang),
          },
        };
      }),
  }),
];
