// Joins class names, skipping the empty and the false ones: cx(s.row, active && s.active).
export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
