package org.tsdbbench.tdengine;

/** TDengine 3.x killed and restarted under the CLI's steps, reached over plain REST through taosAdapter. */
class TDengineRestServerFaultTest extends TDengineServerFault {
    TDengineRestServerFaultTest() {
        super(ConnectionPath.REST, 3);
    }
}
