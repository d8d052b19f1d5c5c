// The long texts (company introduction, privacy policy, disclaimer) as section lists; the words live in the
// `info` namespace under `<doc>.<section>.title|body`.
export const INFO_DOCS = {
  company: ['who', 'what', 'how', 'regulation', 'contact'],
  privacy: [
    'intro',
    'collect',
    'use',
    'share',
    'keep',
    'security',
    'rights',
    'children',
    'changes',
    'contact',
  ],
  disclaimer: ['general', 'risk', 'noAdvice', 'market', 'demo', 'crypto', 'availability', 'liability', 'law'],
} as const;

export type InfoDoc = keyof typeof INFO_DOCS;

export function infoDocKeys(doc: InfoDoc): string[] {
  return [
    `info:${doc}.lead`,
    ...INFO_DOCS[doc].flatMap((s) => [`info:${doc}.${s}.title`, `info:${doc}.${s}.body`]),
  ];
}
