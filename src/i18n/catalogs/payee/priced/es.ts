import type { PricedCatalog } from './en.ts'

const es: PricedCatalog = {
  'payee/priced/form': {
    title: 'Nueva solicitud con precio en una moneda',
    intro:
      'Quien paga elige uno de los tokens que aceptas y paga a un cambio de los feeds de precios de Chainlink de la cadena, válido unos minutos y firmado con una clave que tu billetera autoriza una sola vez.',
    chain: 'Red',
    testNetwork: '{name} (red de pruebas)',
    currency: 'Moneda',
    price: 'Precio',
    priceRequired: 'Escribe el precio.',
    tolerance: 'Tolerancia en % (opcional, como mucho {max}): un pago así de cerca del precio cuenta como pagado',
    signing: 'Firma en tu billetera…',
    submit: 'Firmar y crear la solicitud',
  },
  'payee/priced/tokens': {
    legend: 'Tokens con los que se puede pagar',
  },
}

export default es
