import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  displayPhone,
  fillRegistration,
  latestMessage,
  newAccount,
  newPage,
  screenshot,
  useBrowser,
  AFTER_REGISTRATION,
  completeToursInPage,
} from './browser';

/** Registers a new account and lands on the dashboard, where the verification dialog opens. */
const register = async (page: Page, shot: string): Promise<{ storedPhone: string }> => {
  const account = newAccount();
  await page.goto('/register');
  // The phone typed key by key, as a person does: the field formats as it goes.
  await fillRegistration(page, account, { typePhone: true });
  expect(await page.getByLabel('Mobile phone (US)').inputValue()).toBe(
    displayPhone(account.phoneDigits),
  );
  await screenshot(page, shot);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL('**/dashboard', AFTER_REGISTRATION);
  // The dashboard's tour would follow the dialog; these tests are about the dialog.
  await completeToursInPage(page);
  return { storedPhone: `+1${account.phoneDigits}` };
};

/** The code of the newest text to `phone`, once one arrives that differs from `not`. */
const textedCode = async (phone: string, not?: string): Promise<string> => {
  let code: string | undefined;
  await expect
    .poll(async () => {
      code = /\b(\d{6})\b/.exec((await latestMessage(phone))?.text ?? '')?.[1];
      return code !== undefined && code !== not;
    })
    .toBe(true);
  return code!;
};

const focusedLabel = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement as HTMLInputElement | null;
    return active?.labels?.[0]?.textContent ?? active?.textContent ?? null;
  });

describe('phone verification in the browser', () => {
  const browser = useBrowser();

  it('Resend inside the cooldown keeps the code field; the FIRST code verifies', async () => {
    const { context, page } = await newPage(browser());
    const { storedPhone } = await register(page, 'register-phone-1280');
    const dialog = page.getByRole('dialog', { name: 'Verify your phone number' });
    await dialog.getByRole('button', { name: 'Send Code' }).click();
    const codeDialog = page.getByRole('dialog', { name: 'Enter your code' });
    await codeDialog.getByLabel('Verification code').waitFor();
    const firstCode = await textedCode(storedPhone);
    await screenshot(page, 'phone-code-1280');

    await codeDialog.getByRole('button', { name: 'Resend Code' }).click();
    await dialog.getByRole('button', { name: 'I already have a code' }).waitFor();
    await screenshot(page, 'phone-resend-confirm-1280');
    await dialog.getByRole('button', { name: 'Send Code' }).click();

    // Refused (one text every 30 s), so nothing was sent: the server's words, the field of the
    // code that still works, and Resend counting down.
    const input = codeDialog.getByLabel('Verification code');
    await input.waitFor();
    await codeDialog.getByText('The code we texted you earlier still works.').waitFor();
    expect(await codeDialog.getByRole('status').textContent()).toMatch(
      /^Please wait \d+ seconds? before requesting a new code\. The code we texted you earlier still works\./,
    );
    const resend = codeDialog.getByRole('button', { name: /^Resend Code \(0:[0-3]\d\)$/ });
    expect(await resend.isDisabled()).toBe(true);
    await screenshot(page, 'phone-cooldown-1280');

    await input.pressSequentially(firstCode);
    await page.keyboard.press('Enter');
    await page.getByText('Phone number verified').first().waitFor();
    await codeDialog.waitFor({ state: 'detached' });
    await page.goto('/profile');
    await page.getByText('Verified', { exact: true }).waitFor();
    await screenshot(page, 'profile-verified-1280');
    // Exactly one text was sent: the refused resend sent nothing.
    expect(await latestMessage(storedPhone)).toMatchObject({
      text: expect.stringContaining(firstCode),
    });
    await context.close();
  });

  it('a wrong code shows at the field with the focus kept; a pasted "465 752" verifies (390 px)', async () => {
    const { context, page } = await newPage(browser(), { width: 390, height: 844 });
    const { storedPhone } = await register(page, 'register-phone-390');
    await page
      .getByRole('dialog', { name: 'Verify your phone number' })
      .getByRole('button', { name: 'Send Code' })
      .click();
    const codeDialog = page.getByRole('dialog', { name: 'Enter your code' });
    const input = codeDialog.getByLabel('Verification code');
    await input.waitFor();
    expect(await input.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await input.getAttribute('inputmode')).toBe('numeric');
    const code = await textedCode(storedPhone);
    const wrong = code === '000000' ? '111111' : '000000';

    await input.pressSequentially(wrong);
    await page.keyboard.press('Enter');
    await codeDialog.getByRole('alert').filter({ hasText: 'Invalid verification code.' }).waitFor();
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    expect(await focusedLabel(page)).toBe('Verification code');
    await screenshot(page, 'phone-wrong-code-390');

    // Pasted with a space in the middle, as codes are often written.
    const pasted = `${code.slice(0, 3)} ${code.slice(3)}`;
    await input.evaluate((element, text) => {
      (element as HTMLInputElement).select();
      const data = new DataTransfer();
      data.setData('text/plain', text);
      element.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, pasted);
    expect(await input.inputValue()).toBe(code);
    await codeDialog.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('Phone number verified').first().waitFor();

    // The profile: Verified beside the saved number only.
    await page.goto('/profile');
    const phone = page.getByLabel('Mobile phone (US)');
    await page.getByText('Verified', { exact: true }).waitFor();
    await screenshot(page, 'profile-verified-390');
    await phone.press('End');
    await phone.press('Backspace');
    // A digit other than the one removed, so the number really changes.
    await phone.pressSequentially(storedPhone.endsWith('0') ? '1' : '0');
    await page.getByText('Not verified', { exact: true }).waitFor();
    expect(await page.getByText('Verified', { exact: true }).count()).toBe(0);
    await screenshot(page, 'profile-unsaved-number-390');
    await context.close();
  });
});
