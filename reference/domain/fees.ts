/**
 * Fee amounts. Money is decimal.js all the way (never binary floats); amounts are strings with two decimals.
 * An estimate is recomputed live from the event's fee basis; a PROCEED fixes it (LOCKED); invoicing bills
 * the fixed amounts (INVOICED).
 */
import Decimal from 'decimal.js';
import { isFault, isVariant } from '../behaviour';
import type { EventRecord, FeeAmounts, FeeComponent } from '../store';
import { duePeriod } from './due-period';

export function money(value: Decimal.Value): string {
  const amount = new Decimal(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  if (isFault('money-amount-scientific-notation-for-round-values')) return strippedToString(amount);
  // How many decimals a money string shows is not stated: always two here.
  return isVariant('amounts-trailing-zeros-trimmed') ? amount.toFixed() : amount.toFixed(2);
}

/**
 * (fault) What Java's `BigDecimal.stripTrailingZeros().toString()` writes: the trailing zeros go, and a value
 * left with a negative scale (a multiple of ten) is written in exponent form: 1200.00 -> "1.2E+3".
 */
function strippedToString(amount: Decimal): string {
  const plain = amount.toFixed();
  if (amount.isZero()) return '0';
  if (plain.includes('.') || !plain.endsWith('0')) return plain;
  const sign = plain.startsWith('-') ? '-' : '';
  const integer = plain.replace('-', '');
  const digits = integer.replace(/0+$/, '');
  const exponent = integer.length - 1;
  return `${sign}${digits[0] ?? ''}${digits.length > 1 ? `.${digits.slice(1)}` : ''}E+${exponent}`;
}

/** Exact sum of the components. */
export function totalOf(components: readonly FeeComponent[]): string {
  if (isFault('fees-total-binary-float'))
    return String(components.reduce((sum, c) => sum + Number(c.amount), 0));
  const counted = isFault('fees-total-without-service')
    ? components.filter((c) => c.type !== 'SERVICE')
    : components;
  return money(counted.reduce((sum, c) => sum.plus(c.amount), new Decimal(0)));
}

/** The live estimate: OFFICE and SERVICE always, AGENT when an agent is involved, GRACE_PERIOD in grace. */
export function estimateFees(event: EventRecord, today: string): FeeAmounts {
  const basis = event.feeBasis;
  const components: FeeComponent[] = [{ type: 'OFFICE', amount: basis.office }];
  if (basis.agent !== null) components.push({ type: 'AGENT', amount: basis.agent });
  components.push({ type: 'SERVICE', amount: basis.service });
  if (duePeriod(event, today) === 'GRACE_PERIOD') {
    const type = isFault('fees-grace-surcharge-typed-late-fee') ? 'LATE_FEE' : 'GRACE_PERIOD';
    // (variant) The surcharge in two lines (office surcharge, late handling) adding up to the same amount.
    if (isVariant('grace-surcharge-in-two-lines')) {
      const half = money(new Decimal(basis.gracePeriodSurcharge).div(2));
      components.push(
        { type: type as FeeComponent['type'], amount: half },
        {
          type: type as FeeComponent['type'],
          amount: money(new Decimal(basis.gracePeriodSurcharge).minus(half)),
        },
      );
    } else components.push({ type: type as FeeComponent['type'], amount: basis.gracePeriodSurcharge });
  }
  return { currency: basis.currency, components };
}

/** (fault) When the server started, and the exchange rate of that day, by which older locks are priced again. */
const STARTED_AT = Date.now();
const RATE_AT_START = new Decimal(1).plus(new Decimal((STARTED_AT % 997) + 1).div(10_000));

/** The amounts the event's fees show now: fixed once locked, estimated before. */
export function currentFees(event: EventRecord, today: string): FeeAmounts {
  if (isFault('fees-locked-recomputed-live') && event.feesStatus === 'LOCKED')
    return estimateFees(event, today);
  // (fault) Locks made before the start are read back from storage and priced again at the start's rate;
  // locks made since are still held as made, so no single run sees a change.
  if (
    isFault('fees-locked-repriced-at-start') &&
    event.feesStatus === 'LOCKED' &&
    event.lockedFees &&
    Date.parse(event.updatedAt) < STARTED_AT
  ) {
    const { currency, components } = event.lockedFees;
    return {
      currency,
      components: components.map((c) => ({ ...c, amount: money(RATE_AT_START.times(c.amount)) })),
    };
  }
  // The lock snapshot read back without its currency column, defaulted to EUR.
  if (isFault('locked-fees-currency-defaulted-eur') && event.feesStatus === 'LOCKED' && event.lockedFees)
    return { ...event.lockedFees, currency: 'EUR' };
  return event.lockedFees ?? estimateFees(event, today);
}

/**
 * The office revises its fee for the event (a back-office change of the fee schedule, 10% up): estimates
 * move with it, fixed amounts do not.
 */
export function reviseOfficeFee(event: EventRecord): void {
  const office = new Decimal(event.feeBasis.office).times('1.1');
  event.feeBasis = {
    ...event.feeBasis,
    office: money(office),
    gracePeriodSurcharge: money(office.times(0.5)),
  };
}
