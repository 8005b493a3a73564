package org.tsdbbench.tdengine;

/** The contract against TDengine 2.x over the native client with the 2.0.x driver (-Ptdengine2). */
class TDengine2NativeContractTest extends TDengineContract {
    TDengine2NativeContractTest() {
        super(ConnectionPath.NATIVE, 2);
    }
}
