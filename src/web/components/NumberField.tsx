import { NumberInput, type NumberInputProps } from '@mantine/core';

/** Mantine's limits that rewrite what was typed instead of refusing it. */
type Rewriting =
  | 'allowDecimal'
  | 'allowNegative'
  | 'decimalScale'
  | 'fixedDecimalScale'
  | 'clampBehavior';

/**
 * A number box that keeps exactly what was typed. Mantine's own limits drop a
 * dot (2.5 becomes 25 loaves), a minus (-5 becomes 5), decimals past a scale
 * (0.001 becomes 0.00) or clamp on leaving the box, so the number saved is not
 * the one the clerk typed and nobody is told. Here every such value stays in
 * the box and the form's schema refuses it with the field's message.
 */
export function NumberField(props: Omit<NumberInputProps, Rewriting>) {
  return <NumberInput hideControls {...props} allowDecimal allowNegative clampBehavior="none" />;
}

/** A number box's value for the schema: empty is NaN, so the schema reports it as missing. */
export function typedNumber(value: number | string): number {
  return value === '' ? Number.NaN : Number(value);
}
