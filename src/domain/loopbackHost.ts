/** Whether a URL's hostname is this machine's own (loopback): cookies there need not be `Secure`, a shop there may use http. */
export const isLoopbackHost = (hostname: string) => ['localhost', '127.0.0.1', '[::1]'].includes(hostname)
