import { describe, expect, it } from 'vitest';
import { sendFailureReason } from './send-failures';

describe('sendFailureReason (issue 31 item 10)', () => {
  it('reads the provider code in the stored text', () => {
    // as the Cloud API webhook's failed status is stored (describeCloudError) and as a refused send is (GraphApiError)
    expect(sendFailureReason('Re-engagement message (131047): Message failed to send because more than 24 hours')).toBe(
      'window24h',
    );
    expect(sendFailureReason('Re-engagement message (131047)')).toBe('window24h');
    expect(sendFailureReason('(#470) Message failed to send because more than 24 hours have passed (470)')).toBe('window24h');
    expect(sendFailureReason('Message undeliverable (131026)')).toBe('undeliverable');
    expect(sendFailureReason('Unsupported message type (131051)')).toBe('unsupportedType');
    expect(sendFailureReason('(#100) Invalid parameter (100)')).toBe('invalidParameter');
    expect(sendFailureReason('Error validating access token (190)')).toBe('tokenExpired');
    expect(sendFailureReason('Something went wrong (131000)')).toBe('generic');
  });

  it('Messenger and Instagram: code 10 outside the window, by its subcode or its words', () => {
    expect(sendFailureReason('(#10) This message is sent outside of allowed window. (10/2018278)')).toBe('window24h');
    expect(sendFailureReason('(#10) This message is sent outside of allowed window. (10)')).toBe('window24h');
    expect(sendFailureReason('(#10) Application does not have permission for this action (10)')).toBe('generic');
  });

  it('Cloud API templates (issue 36): the code, not a number the details put in brackets', () => {
    expect(
      sendFailureReason(
        '(#132000) Number of parameters does not match the expected number of params: body: number of localizable_params (2) does not match the expected number of params (3) (132000)',
      ),
    ).toBe('templateParameters');
    expect(
      sendFailureReason(
        '(#132001) Template name does not exist in the translation: template name (x) does not exist in pt_BR (132001)',
      ),
    ).toBe('templateMissing');
    expect(sendFailureReason('Template is Paused (132015): Template x is paused (2)')).toBe('templatePaused');
  });

  it('our own codes, media and nothing at all', () => {
    expect(sendFailureReason('ERR_WAPP_NOT_INITIALIZED')).toBe('connectionDown');
    expect(sendFailureReason('ERR_NO_WAPP_FOUND')).toBe('connectionDown');
    expect(sendFailureReason('stored media is missing')).toBe('media');
    expect(sendFailureReason('WhatsApp send failed: boom')).toBe('generic');
    expect(sendFailureReason(null)).toBeNull();
    expect(sendFailureReason('')).toBeNull();
  });
});
