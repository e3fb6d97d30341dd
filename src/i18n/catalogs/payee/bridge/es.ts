import type { BridgeCatalog } from './en.ts'

const es: BridgeCatalog = {
  'payee/bridge/bring': {
    title: 'Reunir los USDC en una red',
    open: 'Reunir los USDC en una red',
    intro:
      'Su billetera quema los USDC en cada una de las otras redes, Circle certifica cada quema y luego su billetera los recibe todos en la red que elija (CCTP de Circle). Billfold nunca los custodia.',
    destination: 'Llevar a',
    from: 'Desde {chain}',
    holding: 'Allí tiene {amount}.',
    nothing: 'No tiene USDC en las otras redes.',
    bring: 'Llevar {amount} a {chain}',
    bringing: 'Su billetera está enviando las quemas…',
    cancel: 'Cancelar',
    moves: 'USDC en camino',
    move: '{amount} de {source} a {destination}',
    waiting: 'esperando la certificación de Circle',
    ready: 'certificado: listo para recibir',
    done: 'recibido',
    failed: 'la quema falló en la red: los USDC no salieron',
    unavailable: 'El servicio de certificación de Circle no responde ahora; se volverá a consultar en breve',
    notFound:
      'no se encontró en {chain}: su transacción nunca llegó allí (una cartera que la aceleró o la canceló envió otra). Revise la actividad de su cartera y luego descártela: un burn que sí se envió se vuelve a encontrar.',
    dismiss: 'Descartar',
    receive: 'Recibir {amount} en {chain}',
    receiving: 'Su billetera está recibiendo…',
    burnNotSent: 'Su billetera no envió la quema en {chain}: los USDC de allí no salieron. Inténtelo de nuevo.',
    chainFallback: 'red {id}',
  },
}

export default es
