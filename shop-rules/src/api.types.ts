/** Shapes of the HTTP API that the browser and the server share. */

/** `GET /api/config`: the runtime settings the browser needs. */
export interface PublicConfig {
  brandName: string;
  shopEmail: string;
  /** 'stripe' when Stripe keys are configured, otherwise the local test gateway. */
  paymentMode: 'stripe' | 'test';
  /** Stripe publishable key; null in test mode. */
  stripePublishableKey: string | null;
  address: string;
  liquorLicence: {
    number: string;
    licenceClass: string;
    licensee: string;
    premises: string;
  };
  social: { label: string; url: string }[];
}

/** `GET /api/products/{id}`: what the pre-payment line check reads. */
export interface ProductAvailability {
  id: string;
  name: string;
  isActive: boolean;
  inventory: number;
}

/** Body of an error response from the API. */
export interface ApiErrorBody {
  statusCode: number;
  message: string;
  code?: string;
  /** For a form's refusal: each field refused (by its name in the request) with what to do, in plain words. */
  fields?: Record<string, string>;
}
