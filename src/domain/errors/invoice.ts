import { ApiError } from './apiError.ts'

/** The payee has not saved the seller details an invoice needs. */
export class SellerDetailsMissingError extends ApiError {
  static override readonly code = 'SELLER_DETAILS_MISSING'
  declare readonly code: typeof SellerDetailsMissingError.code
  override name = 'SellerDetailsMissingError'
}

/** The invoice number signed was just given to another invoice. */
export class InvoiceNumberTakenError extends ApiError {
  static override readonly code = 'INVOICE_NUMBER_TAKEN'
  declare readonly code: typeof InvoiceNumberTakenError.code
  override name = 'InvoiceNumberTakenError'
}
