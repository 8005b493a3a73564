package org.tsdbbench.common.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tsdbbench.common.query.Dialect;

/** The one database on the class path is found by its registration; none, or several unnamed, is one line saying so. */
class DatabaseLookupTest {

    /** A registered module. */
    public static final class One extends Database {
        public One() {
            super(new DatabaseDescriptor("one", "One", 1, "bench", "ONE_PASSWORD"));
        }

        @Override
        public Dialect dialect() {
            throw new UnsupportedOperationException();
        }

        @Override
        public Session open(ConnectionOptions options) {
            throw new UnsupportedOperationException();
        }
    }

    /** Another. */
    public static final class Two extends Database {
        public Two() {
            super(new DatabaseDescriptor("two", "Two", 2, "bench", "TWO_PASSWORD"));
        }

        @Override
        public Dialect dialect() {
            throw new UnsupportedOperationException();
        }

        @Override
        public Session open(ConnectionOptions options) {
            throw new UnsupportedOperationException();
        }
    }

    @TempDir
    Path tmp;

    /** A class path whose registration file lists these classes. */
    private ClassLoader registering(String folder, Class<?>... modules) throws IOException {
        Path services = Files.createDirectories(tmp.resolve(folder).resolve("META-INF/services"));
        StringBuilder lines = new StringBuilder("# the modules of this class path\n");
        for (Class<?> m : modules) lines.append(m.getName()).append('\n');
        Files.writeString(services.resolve(Database.class.getName()), lines);
        return new URLClassLoader(new URL[] {tmp.resolve(folder).toUri().toURL()}, getClass().getClassLoader());
    }

    @Test
    void theOneRegisteredModuleIsFound() throws IOException {
        ClassLoader one = registering("one", One.class);
        assertEquals(One.class, DatabaseLookup.find(null, one).getClass());
        assertEquals(One.class, DatabaseLookup.find(" ", one).getClass());
        assertEquals(One.class, DatabaseLookup.find("one", one).getClass());
        assertEquals("no database module two on the class path (there: one)",
                assertThrows(IllegalStateException.class, () -> DatabaseLookup.find("two", one)).getMessage());
    }

    @Test
    void severalAreChosenByNameAndOtherwiseNamed() throws IOException {
        ClassLoader both = registering("both", One.class, Two.class);
        assertEquals(Two.class, DatabaseLookup.find("two", both).getClass());
        assertEquals("several database modules on the class path (one, two): name one with TSBENCH_MODULE=<name>",
                assertThrows(IllegalStateException.class, () -> DatabaseLookup.find(null, both)).getMessage());
    }

    @Test
    void noneIsNamedAsSuch() {
        // common registers no module of its own
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> DatabaseLookup.find(null));
        assertEquals("no database module on the class path: run a <db>-bench jar, or put a module on the class path"
                + " (it registers its Database in META-INF/services/org.tsdbbench.common.db.Database)", e.getMessage());
    }
}
