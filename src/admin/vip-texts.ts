// The strategy service switch's texts (vip-strategy-switch.tsx on the lookup page), spread into texts.ts.
export const VIP_EN = {
  'vip.strategy': 'Stock strategy service',
  'vip.on': 'On',
  'vip.off': 'Off',
  'vip.switchOn': 'Switch on',
  'vip.switchOff': 'Switch off',
} as const;

export const VIP_UR: Record<keyof typeof VIP_EN, string> = {
  'vip.strategy': 'اسٹاک حکمتِ عملی سروس',
  'vip.on': 'فعال',
  'vip.off': 'غیر فعال',
  'vip.switchOn': 'فعال کریں',
  'vip.switchOff': 'غیر فعال کریں',
};
