import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import jsQR from 'jsqr';
import { approveRequest, type ApprovalResult } from '@cr/did/wallet/wallet-approve';
import { createWallet, listWallets } from '@cr/did/wallet/wallet-store';
import type { E2eSite } from './site';

/**
 * Reads the wallet QR code the way a phone camera does: from the page's pixels (a screenshot of the QR element,
 * decoded with jsQR), never from the DOM's text. Waits until a QR is on screen, and like a camera keeps looking
 * for a few seconds: a dialog that is still zooming in shows the code scaled down, too small to read.
 */
export async function decodeQrFromPage(page: Page, selector = '[data-testid="wallet-qr"]'): Promise<string> {
  const qr = page.locator(selector).first();
  await qr.waitFor({ state: 'visible', timeout: 20_000 });
  const deadline = Date.now() + 5_000;
  for (;;) {
    const png = PNG.sync.read(await qr.screenshot({ animations: 'disabled' }));
    const decoded = jsQR(
      new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length),
      png.width,
      png.height,
    );
    if (decoded?.data) return decoded.data;
    if (Date.now() > deadline)
      throw new Error(`no QR code could be read from ${png.width}x${png.height} pixels`);
    await page.waitForTimeout(250);
  }
}

/** A dev wallet identity (DID published to the stack's EID simulator), created once per name. */
export async function ensureWallet(site: E2eSite, name: string): Promise<{ name: string; did: string }> {
  const existing = (await listWallets({ walletDir: site.walletDir })).find((w) => w.name === name);
  const w =
    existing ?? (await createWallet(name, { walletDir: site.walletDir, resolverUrl: site.resolverUrl }));
  return { name: w.name, did: w.did };
}

/** The phone's part: the dev wallet answers the scanned QR text exactly as Essentials does. */
export function approveAsPhone(site: E2eSite, qrText: string, walletName: string): Promise<ApprovalResult> {
  return approveRequest(qrText, walletName, { walletDir: site.walletDir, resolverUrl: site.resolverUrl });
}

/** A short unique suffix for names and e-mails of this run (the api's rate limits outlive runs in Redis). */
export function runId(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
}
