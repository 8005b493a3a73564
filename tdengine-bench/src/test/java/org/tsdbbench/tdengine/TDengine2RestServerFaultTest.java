package org.tsdbbench.tdengine;

/** TDengine 2.x killed and restarted under the CLI's steps, reached over taosd's own REST server. */
class TDengine2RestServerFaultTest extends TDengineServerFault {
    TDengine2RestServerFaultTest() {
        super(ConnectionPath.REST, 2);
    }
}
