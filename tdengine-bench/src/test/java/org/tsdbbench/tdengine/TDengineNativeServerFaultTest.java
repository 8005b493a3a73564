package org.tsdbbench.tdengine;

/** TDengine 3.x killed and restarted under the CLI's steps, reached over the native client. */
class TDengineNativeServerFaultTest extends TDengineServerFault {
    TDengineNativeServerFaultTest() {
        super(ConnectionPath.NATIVE, 3);
    }
}
