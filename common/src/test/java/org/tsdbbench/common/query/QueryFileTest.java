package org.tsdbbench.common.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tsdbbench.common.data.DevicesWorkload;

class QueryFileTest {

    @TempDir
    Path dir;

    @Test
    void readsIdsAndQueries() throws IOException {
        Path f = dir.resolve("q2.txt");
        Files.writeString(f, "# aggregates\nq2.avg.p10 SELECT AVG(temperature) FROM devices WHERE devgroup < 10\nq2.count.p100   SELECT COUNT(*) FROM devices\n");
        Map<String, QueryFile.Line> q = QueryFile.read(dir, DevicesWorkload.INSTANCE);
        assertEquals(2, q.size());
        assertEquals("SELECT COUNT(*) FROM devices", q.get("q2.count.p100").text());
        assertEquals(3, q.get("q2.count.p100").line());
    }

    @Test
    void badLinesNameFileAndLine() throws IOException {
        assertBad("q2.avg.p10 SELECT 1\n\n", ":2: empty line");
        assertBad("q2.avg.p10\n", ":1: expected '<query id> <query>'");
        assertBad("select avg(temperature) from devices\n", ":1: 'select' is not a query id");
        assertBad("q2.avg.p10 SELECT 1\nq2.avg.p10 SELECT 2\n", ":2: query id q2.avg.p10 already used");
        assertThrows(QueryFile.QueryFileException.class, () -> QueryFile.read(dir.resolve("none.txt"), DevicesWorkload.INSTANCE));
    }

    /** Whatever a line holds, reading it gives a query or a QueryFileException, never anything else. */
    @Property(tries = 2000)
    void anyLineIsParsedOrRejectedCleanly(@ForAll String line) {
        try {
            QueryFile.Line l = QueryFile.parse(Path.of("f.txt"), 1, line, DevicesWorkload.INSTANCE);
            if (l != null) assertTrue(line.strip().startsWith(l.query().id()));
        } catch (QueryFile.QueryFileException e) {
            assertTrue(e.getMessage().startsWith("f.txt:1: "), e.getMessage());
        }
    }

    /** Whatever bytes a query file holds, reading it gives queries or a one-line QueryFileException naming the file. */
    @Property(tries = 1000)
    void anyFileIsReadOrRejectedCleanly(@ForAll @Size(max = 300) byte[] content) throws IOException {
        Path f = Files.createTempFile("queries", ".txt");
        try {
            Files.write(f, content);
            try {
                assertFalse(QueryFile.read(f, DevicesWorkload.INSTANCE).isEmpty());
            } catch (QueryFile.QueryFileException e) {
                assertTrue(e.getMessage().startsWith(f + ":"), e.getMessage());
                assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
            }
        } finally {
            Files.delete(f);
        }
    }

    /** Catalog ids with any one-line query text are read back as written (text stripped). */
    @Property(tries = 300)
    void validLinesRoundTrip(@ForAll("queryLines") Map<String, String> queries) throws IOException {
        StringBuilder file = new StringBuilder("# written by the property\n");
        queries.forEach((id, text) -> file.append(id).append(' ').append(text).append('\n'));
        Path f = Files.createTempFile("queries", ".txt");
        try {
            Files.writeString(f, file);
            Map<String, QueryFile.Line> read = QueryFile.read(f, DevicesWorkload.INSTANCE);
            assertEquals(queries.keySet(), read.keySet());
            queries.forEach((id, text) -> assertEquals(text.strip(), read.get(id).text()));
        } finally {
            Files.delete(f);
        }
    }

    @Provide
    Arbitrary<Map<String, String>> queryLines() {
        Arbitrary<String> id = Arbitraries.of(QueryCatalog.all()).map(LogicalQuery::id);
        Arbitrary<String> text = Arbitraries.strings().excludeChars('\n', '\r').ofMinLength(1).ofMaxLength(80)
                .filter(t -> !t.isBlank());
        return Arbitraries.maps(id, text).ofMinSize(1).ofMaxSize(10);
    }

    private void assertBad(String content, String expected) throws IOException {
        Path f = dir.resolve("bad.txt");
        Files.writeString(f, content);
        QueryFile.QueryFileException e = assertThrows(QueryFile.QueryFileException.class, () -> QueryFile.read(f, DevicesWorkload.INSTANCE));
        assertTrue(e.getMessage().contains(expected), e.getMessage() + " should contain " + expected);
    }
}
