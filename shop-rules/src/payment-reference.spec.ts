import { looksLikePaymentIntentId, paymentReference } from './payment-reference';

describe('payment reference', () => {
  it.each([
    { id: 'pi_3Nx8Kq2eZvKYlo2C1', reference: '3Nx8Kq2eZvKYlo2C1' },
    { id: 'pi_test_AbC123', reference: 'test_AbC123' },
    { id: 'pi_', reference: '' },
    { id: 'nounderscore', reference: 'nounderscore' },
  ])('given $id, it shows "$reference" (everything after the first underscore)', ({ id, reference }) => {
    expect(paymentReference(id)).toBe(reference);
  });

  it.each([
    { value: 'pi_3Nx8Kq2eZvKYlo2C1', valid: true },
    { value: 'pi_test_AbC123', valid: true },
    { value: '', valid: false },
    { value: 'pi_', valid: false },
    { value: 'ch_123', valid: false },
    { value: 'pi_1; DROP', valid: false },
  ])('given "$value", it is a payment intent id: $valid', ({ value, valid }) => {
    expect(looksLikePaymentIntentId(value)).toBe(valid);
  });
});
