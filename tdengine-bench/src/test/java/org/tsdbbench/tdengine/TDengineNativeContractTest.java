package org.tsdbbench.tdengine;

/** The contract against TDengine 3.x over the native client (libtaos of the server's version, port 6030). */
class TDengineNativeContractTest extends TDengineContract {
    TDengineNativeContractTest() {
        super(ConnectionPath.NATIVE, 3);
    }
}
