package org.tsdbbench.tdengine;

/** TDengine 2.x killed and restarted under the CLI's steps, reached over the native client with the 2.0.x driver (-Ptdengine2). */
class TDengine2NativeServerFaultTest extends TDengineServerFault {
    TDengine2NativeServerFaultTest() {
        super(ConnectionPath.NATIVE, 2);
    }
}
