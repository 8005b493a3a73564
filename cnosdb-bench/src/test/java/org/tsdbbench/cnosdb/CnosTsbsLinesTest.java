package org.tsdbbench.cnosdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tsdbbench.common.contract.TsbsLinesFixture;
import org.tsdbbench.common.iot.TruckBatch;

/**
 * A TSBS file's lines as CnosDB's request, no server: a batch of lines holds, line for line, what
 * the layout writes of the same records' values (which writes the readings, then the diagnostics),
 * and the session posts it as it is.
 */
class CnosTsbsLinesTest {

    @TempDir
    Path dir;

    @Test
    void aBatchOfLinesIsWhatTheLayoutWritesOfItsValues() throws Exception {
        IotLayout layout = new IotLayout();
        LineProtocol body = new LineProtocol();
        long records = TsbsLinesFixture.eachBatch(dir, (values, lines) -> {
            layout.lines(values, body);
            assertEquals(List.of(body.toString().split("\n")), readingsFirst(text(lines)));
            layout.lines(lines, body);
            assertEquals(text(lines), body.toString(), "the layout writes a batch of lines as its lines");
        });
        assertTrue(records > 46, "records checked: " + records);
    }

    /** What the session posts (to a stand-in for CnosDB on a private port, answering 200), built now and ahead. */
    @Test
    void theSessionPostsABatchOfLinesAsTheyAre() throws Exception {
        List<String> posted = new ArrayList<>();
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/api/v1/write", exchange -> {
            byte[] body = exchange.getRequestBody().readAllBytes();
            synchronized (posted) {
                posted.add(new String(body, StandardCharsets.UTF_8));
            }
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        server.start();
        try {
            URI base = URI.create("http://127.0.0.1:" + server.getAddress().getPort());
            CnosHttp http = new CnosHttp(base, "root", "", Duration.ofSeconds(5), Duration.ofSeconds(30));
            CnosSession session = new CnosSession(http, "bench", "test", server.getAddress().getPort());
            assertTrue(session.takesTsbsLines());
            List<String> expected = new ArrayList<>();
            TsbsLinesFixture.eachBatch(dir, (values, lines) -> {
                expected.add(text(lines));
                assertEquals(lines.size(), session.write(lines));
                TruckBatch copy = lines.copy();
                expected.add(text(lines));
                assertEquals(lines.size(), session.prepare(lines).send());
                expected.add(text(lines));
                assertEquals(copy.size(), session.write(copy));
            });
            assertEquals(expected, posted);
        } finally {
            server.stop(0);
        }
    }

    private static String text(TruckBatch batch) {
        return new String(batch.lines().bytes(), 0, batch.lines().length(), StandardCharsets.UTF_8);
    }

    private static List<String> readingsFirst(String text) {
        List<String> readings = new ArrayList<>();
        List<String> diagnostics = new ArrayList<>();
        for (String line : text.split("\n")) (line.startsWith("readings") ? readings : diagnostics).add(line);
        readings.addAll(diagnostics);
        return readings;
    }
}
