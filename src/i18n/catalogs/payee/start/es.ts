import type { PayeeStartCatalog } from './en.ts'

const es: PayeeStartCatalog = {
  start: {
    heading: 'Solicite pagos en cripto, pagados directamente desde una wallet',
    lead: 'Cree una solicitud de pago firmada, comparta un enlace o un código QR y vea cómo pasa a pagada en la cadena. Sin custodia, sin comisiones, sin intermediarios.',
    connect: 'Conecte una wallet para empezar',
    thenSignIn: 'Después inicie sesión: una firma en su wallet, sin transacción y sin comisión.',
    howTitle: 'Cómo funciona',
    howConnect: 'Conecte su wallet e inicie sesión.',
    howCreate:
      'Cree una solicitud: importe, token, fecha de vencimiento. Su wallet la firma, para que quien paga pueda comprobar que de verdad viene de usted.',
    howShare:
      'Comparta el enlace o el código QR. La página pasa a pagada sola cuando el pago está en la cadena; el dinero va directamente a su dirección.',
    needTitle: 'Qué necesita',
    needText:
      'Una wallet de navegador como MetaMask, Rabby o Coinbase Wallet, o una wallet móvil mediante el código QR del diálogo de conexión. Quien paga no necesita cuenta aquí: paga desde su propia wallet, o desde cualquier wallet o exchange enviando el importe exacto que se muestra.',
    tryTitle: 'Pruébelo con dinero de prueba',
    tryText:
      'Aquí las solicitudes pueden usar {network}, una red de prueba cuyas monedas no tienen valor: conecte una wallet con fondos de prueba y pruebe cada paso gratis, el pago incluido.',
  },
  signIn: {
    title: 'Inicie sesión para ver sus solicitudes',
    explain:
      'Su wallet le pedirá firmar un mensaje que demuestra que esta cuenta es suya. Es gratis: sin transacción, no se envía nada.',
    switchNetwork: ' Primero cambie su wallet a una red que este Billfold acepte.',
    checkWallet: 'Revise su wallet…',
    sign: 'Firmar mensaje',
  },
}

export default es
