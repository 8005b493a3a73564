package org.tsdbbench.common.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import org.junit.jupiter.api.Test;

/** The fault proxy itself, in front of a loopback echo server: forwards, stalls, cuts, resumes. */
class TcpProxyTest {

    @Test
    void forwardsStallsCutsAndResumes() throws Exception {
        try (ServerSocket echo = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread server = new Thread(() -> {
                while (true) {
                    try {
                        Socket s = echo.accept();
                        new Thread(() -> {
                            try (s) {
                                s.getInputStream().transferTo(s.getOutputStream());
                            } catch (IOException e) {
                                // peer gone
                            }
                        }).start();
                    } catch (IOException e) {
                        return;
                    }
                }
            });
            server.setDaemon(true);
            server.start();
            try (TcpProxy proxy = new TcpProxy("127.0.0.1", echo.getLocalPort()); Socket c = connect(proxy)) {
                c.getOutputStream().write('a');
                assertEquals('a', c.getInputStream().read());

                proxy.stall();
                c.getOutputStream().write('b');
                assertThrows(SocketTimeoutException.class, () -> c.getInputStream().read(), "a stalled proxy forwards nothing");
                proxy.resume();
                assertEquals('b', c.getInputStream().read(), "held bytes arrive after resume");

                proxy.cut();
                assertClosed(c.getInputStream());
                try (Socket during = connect(proxy)) {
                    assertClosed(during.getInputStream());
                }
                proxy.resume();
                try (Socket after = connect(proxy)) {
                    after.getOutputStream().write('c');
                    assertEquals('c', after.getInputStream().read());
                }
            }
        }
    }

    private static Socket connect(TcpProxy proxy) throws IOException {
        Socket s = new Socket(proxy.host(), proxy.port());
        s.setSoTimeout(500);
        return s;
    }

    /** A reset or an end of stream, not a timeout. */
    private static void assertClosed(InputStream in) {
        try {
            assertEquals(-1, in.read());
        } catch (SocketTimeoutException e) {
            throw new AssertionError("the connection is still open", e);
        } catch (IOException e) {
            assertTrue(e.getMessage() != null, "reset");
        }
    }
}
