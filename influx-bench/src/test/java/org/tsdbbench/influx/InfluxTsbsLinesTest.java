package org.tsdbbench.influx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.tsdbbench.common.contract.TsbsLinesFixture;
import org.tsdbbench.common.iot.TruckBatch;

/**
 * A TSBS file's lines as InfluxDB's request, no server: the body of a batch of lines is the batch's
 * bytes, and the same bytes, record for record, as the body built from the same records' values.
 */
class InfluxTsbsLinesTest {

    @TempDir
    Path dir;

    @Test
    void aBatchOfLinesIsTheBodyItsValuesBuild() throws Exception {
        IotRequestBody fromValues = new IotRequestBody();
        IotRequestBody fromLines = new IotRequestBody();
        long records = TsbsLinesFixture.eachBatch(dir, (values, lines) -> {
            assertEquals(fromValues.build(values), fromLines.build(lines));
            assertEquals(fromValues.text(), fromLines.text());
            assertSame(lines.lines().bytes(), fromLines.bytes(), "the batch's lines are the body, not copied");
        });
        assertTrue(records > 46, "records checked: " + records);
    }

    /** What the session posts (to a stand-in for InfluxDB on a private port), now and ahead, plain and gzip. */
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void theSessionPostsABatchOfLinesAsTheyAre(boolean gzip) throws Exception {
        List<byte[]> posted = new ArrayList<>();
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/write", exchange -> {
            byte[] body = exchange.getRequestBody().readAllBytes();
            synchronized (posted) {
                boolean packed = "gzip".equals(exchange.getRequestHeaders().getFirst("Content-Encoding"));
                posted.add(packed ? gunzip(body) : body);
            }
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        server.start();
        OkHttpClient http = new OkHttpClient();
        try {
            String base = "http://127.0.0.1:" + server.getAddress().getPort();
            LineWrites writes = new LineWrites(http, base, "bench", null, null, gzip);
            InfluxSession session = new InfluxSession(null, writes, "bench", "test", gzip);
            assertTrue(session.takesTsbsLines());
            IotRequestBody fromValues = new IotRequestBody();
            List<String> expected = new ArrayList<>();
            TsbsLinesFixture.eachBatch(dir, (values, lines) -> {
                fromValues.build(values);
                expected.add(fromValues.text());
                assertEquals(lines.size(), session.write(lines));
                TruckBatch copy = lines.copy();
                expected.add(fromValues.text());
                assertEquals(lines.size(), session.prepare(lines).send());
                assertEquals(copy.size(), session.write(copy));
                expected.add(fromValues.text());
            });
            List<String> got = new ArrayList<>();
            for (byte[] body : posted) got.add(new String(body, StandardCharsets.UTF_8));
            assertEquals(expected, got);
        } finally {
            server.stop(0);
            http.dispatcher().executorService().shutdown();
            http.connectionPool().evictAll();
        }
    }

    private static byte[] gunzip(byte[] body) throws IOException {
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(body))) {
            return in.readAllBytes();
        }
    }
}
