package org.tsdbbench.common.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Login errors name user@host:port and never the password; the shared timeouts parse or are named. */
class ConnectionErrorsTest {

    private static ConnectionOptions options(Map<String, String> extra) {
        return new ConnectionOptions("db.example", 3306, "bench", "bench", ConnectionOptions.Secret.of("s3cr3t-pw"), extra);
    }

    @Test
    void unreachableNamesUserHostAndPortAndMasksThePassword() {
        DatabaseException e = DatabaseException.unreachable("MySQL", options(Map.of()),
                new IOException("wrapper", new IOException("login with s3cr3t-pw refused")));
        assertEquals("cannot connect to MySQL as bench@db.example:3306: login with **** refused", e.getMessage());
        assertFalse(options(Map.of()).toString().contains("s3cr3t-pw"));
    }

    @Test
    void aTimeoutInTheChainIsWhatTheMessageSays() {
        Throwable t = new IOException("write failed", new SocketTimeoutException("timeout"));
        t.getCause().initCause(new SocketException("Socket closed"));
        assertEquals("timed out (timeout)", DatabaseException.rootMessage(t));
        assertEquals("Socket closed", DatabaseException.rootMessage(new IOException("x", new SocketException("Socket closed"))));
    }

    @Test
    void timeoutsDefaultParseOrNameTheBadValue() {
        assertEquals(Duration.ofMinutes(10), options(Map.of()).requestTimeout());
        assertEquals(Duration.ofSeconds(5), options(Map.of()).connectTimeout());
        assertEquals(Duration.ofMillis(1500), options(Map.of(ModuleOption.REQUEST_TIMEOUT_MS.name(), "1500")).requestTimeout());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> options(Map.of(ModuleOption.CONNECT_TIMEOUT_MS.name(), "-3")).connectTimeout());
        assertTrue(e.getMessage().startsWith("--option connectTimeoutMs=-3: "), e.getMessage());
    }
}
