import { describe, expect, it } from 'vitest';
import { utcOffsetText, zoneChoices, zoneLabel, zoneMatches } from './time-zone-options';

const WINTER = new Date('2026-01-15T12:00:00Z');
const SUMMER = new Date('2026-07-15T12:00:00Z');

describe('zone words with their offset', () => {
  it.each([
    ['America/Los_Angeles', WINTER, 'Los Angeles time (UTC−8)'],
    ['America/Los_Angeles', SUMMER, 'Los Angeles time (UTC−7)'],
    ['Asia/Kolkata', WINTER, 'Kolkata time (UTC+5:30)'],
    ['Europe/London', WINTER, 'London time (UTC+0)'],
    ['America/Argentina/Buenos_Aires', WINTER, 'Buenos Aires time (UTC−3)'],
    ['UTC', WINTER, 'UTC'],
  ])('%s at %s reads "%s"', (zone, at, label) => {
    expect(zoneLabel(zone, at)).toBe(label);
  });

  it('says nothing of an offset Intl cannot give', () => {
    expect(utcOffsetText('Not/A_Zone', WINTER)).toBe('');
  });
});

describe('the picker’s zones', () => {
  const all = [
    'Africa/Abidjan',
    'America/New_York',
    'Asia/Calcutta',
    'Europe/Berlin',
    'Asia/Tokyo',
  ];

  it('puts the form’s zone, then the browser’s, then the common zones first; then the others by name', () => {
    const { suggested, others } = zoneChoices('Europe/Berlin', {
      at: WINTER,
      here: 'Asia/Kolkata',
      all,
    });
    expect(suggested.slice(0, 4).map((option) => option.zone)).toEqual([
      'Europe/Berlin',
      'Asia/Kolkata',
      'America/Los_Angeles',
      'America/Denver',
    ]);
    expect(suggested.map((option) => option.zone)).toContain('UTC');
    // Each zone once: Berlin, New York and Tokyo are suggested already, and Calcutta is Kolkata.
    expect(others.map((option) => option.zone)).toEqual(['Africa/Abidjan']);
    expect(others[0]!.label).toBe('Abidjan time (UTC+0)');
  });

  it('keeps a zone the browser does not list, and drops what is not a zone', () => {
    const { suggested } = zoneChoices('America/Argentina/Buenos_Aires', {
      at: WINTER,
      here: 'Not/A_Zone',
      all: [],
    });
    expect(suggested[0]).toEqual({
      zone: 'America/Argentina/Buenos_Aires',
      label: 'Buenos Aires time (UTC−3)',
    });
    expect(suggested.map((option) => option.zone)).not.toContain('Not/A_Zone');
  });

  it('matches what an owner types: a city’s first letters, an offset, the IANA id', () => {
    const la = { zone: 'America/Los_Angeles', label: 'Los Angeles time (UTC−8)' };
    expect(zoneMatches(la, 'los')).toBe(true);
    expect(zoneMatches(la, 'Los Ang')).toBe(true);
    expect(zoneMatches(la, 'utc-8')).toBe(true);
    expect(zoneMatches(la, 'los_angeles')).toBe(true);
    expect(zoneMatches(la, 'america/')).toBe(true);
    expect(zoneMatches(la, 'york')).toBe(false);
    expect(zoneMatches(la, '  ')).toBe(true);
  });
});
