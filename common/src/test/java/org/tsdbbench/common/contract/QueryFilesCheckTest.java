package org.tsdbbench.common.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;
import org.tsdbbench.common.query.DeviceDialect;

/** The query files check only reads: a stale file fails it, whatever the environment says; rendering is a command of its own. */
class QueryFilesCheckTest {

    static final DeviceDialect DIALECT = (q, spec) -> Optional.of("SELECT '" + q.id() + "'");

    private static Path staleFolder(Path repo) throws Exception {
        RenderQueryFiles.write(RenderQueryFiles.files(repo.resolve("sql"), "fake", "Fake", DIALECT));
        Path q2 = repo.resolve("sql/fake/q2.txt");
        Files.writeString(q2, Files.readString(q2).replace("'q2.avg.p10'", "'stale'"));
        return q2;
    }

    @Test
    void aStaleFileFailsAndStaysAsItWas(@TempDir Path repo) throws Exception {
        Path q2 = staleFolder(repo);
        String stale = Files.readString(q2);
        assertThrows(AssertionFailedError.class, () -> QueryFilesCheck.assertFilesMatchDialect(repo.resolve("sql"), "fake", "Fake", DIALECT));
        assertEquals(stale, Files.readString(q2));
        RenderQueryFiles.main(new String[] {repo.resolve("sql").toString(), FakeDialect.class.getName(), "fake", "Fake", "0"});
        QueryFilesCheck.assertFilesMatchDialect(repo.resolve("sql"), "fake", "Fake", DIALECT);
    }

    /** The check as a module's test runs it, in a JVM whose environment asks for the files to be rewritten (the old TSBENCH_WRITE_SQL=1). */
    @Test
    void noEnvironmentVariableMakesTheCheckWrite(@TempDir Path repo) throws Exception {
        Path q2 = staleFolder(repo);
        String stale = Files.readString(q2);
        ProcessBuilder pb = new ProcessBuilder(ChildJvm.command("-cp", System.getProperty("java.class.path"),
                ModuleCheck.class.getName())).redirectErrorStream(true);
        pb.environment().putAll(Map.of("TSBENCH_REPO", repo.toString(), "TSBENCH_WRITE_SQL", "1"));
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(1, p.exitValue(), out);
        assertTrue(out.contains("differs from what the dialect renders"), out);
        assertEquals(stale, Files.readString(q2));
    }

    /** {@link #DIALECT} as a class RenderQueryFiles can make. */
    public static final class FakeDialect implements DeviceDialect {
        public FakeDialect(int unused) {
        }

        @Override
        public Optional<String> render(org.tsdbbench.common.query.LogicalQuery query, org.tsdbbench.common.data.WorkloadSpec spec) {
            return DIALECT.render(query, spec);
        }
    }

    /** A module's query files test, run as its own program: exit 0 when the files match, 1 when not. */
    public static final class ModuleCheck {
        public static void main(String[] args) throws Exception {
            try {
                QueryFilesCheck.assertFilesMatchDialect("fake", "Fake", DIALECT);
            } catch (AssertionError e) {
                System.out.println(e.getMessage());
                System.exit(1);
            }
            System.exit(0);
        }
    }
}
