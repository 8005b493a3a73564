package org.tsdbbench.orchestrator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server script's {@code client} action as the orchestrator reads it: {@code env} and {@code arg}
 * lines as given, a {@code secret NAME=FILE} line as the first line of that file in the steps'
 * environment (the script never prints a password), an unreadable file or an unknown line named.
 */
class ServerScriptClientTest {

    @TempDir
    Path root;

    private ServerScript script(String clientOutput) throws Exception {
        Files.createDirectories(root.resolve("scripts/servers"));
        Files.writeString(root.resolve("scripts/servers/fake.sh"), "cat <<'OUT'\n" + clientOutput + "OUT\n");
        return new ServerScript(new Project(root, root.resolve(".servers")), "fake", new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
    }

    @Test
    void aSecretLineIsReadFromItsFile() throws Exception {
        Path password = Files.writeString(root.resolve("password"), "s3cr3t-Pw\nsecond line\n");
        ServerScript.Client c = script("env LD_LIBRARY_PATH=/opt/lib\nsecret FAKE_PASSWORD=" + password + "\narg -port\narg 1234\n").client();
        assertEquals(Map.of("LD_LIBRARY_PATH", "/opt/lib", "FAKE_PASSWORD", "s3cr3t-Pw"), c.env());
        assertEquals(List.of("-port", "1234"), c.args());
    }

    @Test
    void anUnreadableSecretFileOrAnUnknownLineIsNamed() throws Exception {
        Path missing = root.resolve("no-such-password");
        UsageException e = assertThrows(UsageException.class, () -> script("secret FAKE_PASSWORD=" + missing + "\n").client());
        assertTrue(e.getMessage().contains("the password file " + missing + " cannot be read"), e.getMessage());
        UsageException u = assertThrows(UsageException.class, () -> script("password=hunter2\n").client());
        assertTrue(u.getMessage().contains("unexpected line"), u.getMessage());
        assertFalse(u.getMessage().contains("hunter2"), "the value after '=' is shown: " + u.getMessage());
    }
}
