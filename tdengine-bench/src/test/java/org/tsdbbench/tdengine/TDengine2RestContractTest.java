package org.tsdbbench.tdengine;

/** The contract against TDengine 2.x over taosd's own REST server (/rest/sqlt). */
class TDengine2RestContractTest extends TDengineContract {
    TDengine2RestContractTest() {
        super(ConnectionPath.REST, 2);
    }
}
